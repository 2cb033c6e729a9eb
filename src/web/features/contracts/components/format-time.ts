/** An instant in the reader's time zone, e.g. "Nov 26, 2026, 3:42 PM". */
export function formatDateTime(iso: string | null): string {
  if (!iso) return "";
  return new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
}
