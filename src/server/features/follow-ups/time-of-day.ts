/** Longest time text read; the event's field allows 50 characters and a time needs far fewer. */
const MAX_LENGTH = 20;

/**
 * Reads the start time out of an event's free-text time ("9:30 AM", "2pm", "14:00", "9.30 a.m."), or null
 * when it is not a plain time of day ("Morning", "TBD", a range is read from its start). Walks the characters
 * once, so the work is bounded by the text's length.
 */
export function parseTimeOfDay(text: string | null): { hour: number; minute: number } | null {
  if (!text) return null;
  const input = text.trim().toLowerCase().slice(0, MAX_LENGTH);
  let index = 0;
  const readNumber = (maxDigits: number) => {
    let digits = "";
    while (
      index < input.length &&
      digits.length < maxDigits &&
      input[index]! >= "0" &&
      input[index]! <= "9"
    ) {
      digits += input[index];
      index += 1;
    }
    return digits === "" ? null : Number(digits);
  };
  const hour = readNumber(2);
  if (hour === null) return null;
  let minute = 0;
  if (input[index] === ":" || input[index] === ".") {
    index += 1;
    const start = index;
    const read = readNumber(2);
    if (read === null || index - start !== 2) return null;
    minute = read;
  }
  while (input[index] === " ") index += 1;
  const rest = input.slice(index).replaceAll(".", "");
  const meridiem = rest.startsWith("am") ? "am" : rest.startsWith("pm") ? "pm" : null;
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
  } else if (rest !== "" && !rest.startsWith("-") && !rest.startsWith("–") && !rest.startsWith("to ")) {
    return null;
  }
  if (hour > 23 || minute > 59) return null;
  const hour24 = meridiem === "pm" ? (hour % 12) + 12 : meridiem === "am" ? hour % 12 : hour;
  return { hour: hour24, minute };
}
