/** "2026-03-14" → "Mar 14, 2026" (spec §2: en-US short dates). The date is read as a calendar day. */
export function formatShortDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split("-").map(Number);
  if (!year || !month || !day) return isoDate;
  return new Date(year, month - 1, day).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
  });
}

/** An instant as a date and a time of day in the reader's zone: "Nov 27, 2026, 5:20 AM". */
export const formatInstant = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/** Joins the present parts with ", " — e.g. a venue, city and state of which some may be missing. */
export function joinPresent(parts: (string | null | undefined)[], separator = ", "): string {
  return parts.filter((part) => part?.trim()).join(separator);
}
