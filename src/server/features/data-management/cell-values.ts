import { EVENT_STATUS_LABELS, type EventStatus } from "../../../shared/schemas/event-status.ts";
import { isRealIsoDate } from "../../../shared/schemas/fields.ts";
import { EVENT_STATUS_SYNONYMS } from "../../../shared/workbook.ts";

/** A cell's value once formulas, rich text and links are reduced to what the cell shows. */
export type CellValue = string | number | boolean | Date | null;

/** What a parser gives back: the value, or the plain sentence telling what is wrong. */
export type Parsed<T> = { value: T } | { problem: string };

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
const MS_PER_DAY = 86_400_000;
/** Excel's day 0 (1899-12-30, which absorbs Lotus 1-2-3's phantom 29 February 1900) as a Unix time. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** The value as the text a person reads in the cell; blank text becomes null. */
export function readText(value: CellValue): string | null {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  const text = String(value).trim();
  return text === "" ? null : text;
}

const QUOTE_MAX = 40;

/** How a value is quoted in a message: `'TBD'`, long text cut short. */
export function quote(value: CellValue): string {
  const text = readText(value) ?? "";
  return `'${text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text}'`;
}

export function parseDate(value: CellValue, column: string): Parsed<string> {
  const notADate = { problem: `${column} is not a date: ${quote(value)}` };
  if (value instanceof Date) return fromUtcDate(value, notADate);
  if (typeof value === "number") {
    // A date typed into a cell without a date format is still Excel's day count.
    if (!Number.isInteger(value) || value < 1) return notADate;
    return fromUtcDate(new Date(EXCEL_EPOCH_MS + value * MS_PER_DAY), notADate);
  }
  const text = readText(value) ?? "";
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const long = /^([a-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})$/i.exec(text);
  let parts: [string, number, number] | null = null;
  if (iso) parts = [iso[1]!, Number(iso[2]), Number(iso[3])];
  else if (us) parts = [us[3]!, Number(us[1]), Number(us[2])];
  else if (long) parts = [long[3]!, monthNumber(long[1]!), Number(long[2])];
  if (!parts) return notADate;
  const [year, month, day] = parts;
  const candidate = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return isRealIsoDate(candidate) ? { value: candidate } : notADate;
}

/** A month's number from its English name or its first three letters ("Mar", "March"); 0 if neither. */
function monthNumber(name: string): number {
  const lower = name.toLowerCase();
  const index = MONTHS.findIndex(
    (month) => month === lower || (lower.length === 3 && month.startsWith(lower)),
  );
  return index + 1;
}

function fromUtcDate(date: Date, notADate: { problem: string }): Parsed<string> {
  if (Number.isNaN(date.getTime())) return notADate;
  // Spreadsheet dates carry no time zone: they are read as UTC, and a time of day keeps its date.
  const iso = new Date(Math.floor(date.getTime() / MS_PER_DAY) * MS_PER_DAY).toISOString().slice(0, 10);
  return isRealIsoDate(iso) ? { value: iso } : notADate;
}

/** A number, or text like `$7,500.00` or `1,200`; a blank cell is null. */
export function parseNumber(value: CellValue, column: string): Parsed<number | null> {
  if (typeof value === "number") return Number.isFinite(value) ? { value } : notANumber(value, column);
  const text = readText(value);
  if (text === null) return { value: null };
  if (typeof value !== "string") return notANumber(value, column);
  const cleaned = text.replace(/[\s,]/g, "").replace(/^(-?)\$/, "$1");
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(cleaned) ? { value: Number(cleaned) } : notANumber(value, column);
}

function notANumber(value: CellValue, column: string) {
  return { problem: `${column} is not a number: ${quote(value)}` };
}

/** A status label in any case, or one of its synonyms; a blank cell is Inquiry (DESIGN §8). */
export function parseStatus(value: CellValue, column: string): Parsed<EventStatus> {
  const text = readText(value)?.toLowerCase();
  if (!text) return { value: "inquiry" };
  const statuses = Object.keys(EVENT_STATUS_LABELS) as EventStatus[];
  const byLabel = statuses.find((status) => EVENT_STATUS_LABELS[status].toLowerCase() === text);
  const status = byLabel ?? EVENT_STATUS_SYNONYMS[text];
  if (status) return { value: status };
  const labels = Object.values(EVENT_STATUS_LABELS);
  const choices = `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}`;
  return { problem: `${column} is not a known status: ${quote(value)} (use ${choices})` };
}

/** A time as text; a cell formatted as a time (a day fraction) becomes `HH:MM`. */
export function parseTime(value: CellValue): string | null {
  if (value instanceof Date) return value.toISOString().slice(11, 16);
  if (typeof value === "number" && value >= 0 && value < 1) {
    const minutes = Math.round(value * 24 * 60);
    return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  }
  return readText(value);
}
