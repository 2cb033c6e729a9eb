/** Today as YYYY-MM-DD in the speaker's own calendar (not UTC), so "today" and "this year" follow their clock. */
export function localToday(now = new Date()): string {
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}
