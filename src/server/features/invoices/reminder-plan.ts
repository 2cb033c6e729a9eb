import { daysBetween, todayIn } from "../../../shared/calendar-dates.ts";
import type { InvoiceReminderRules } from "../../platform/db/schema.ts";

export type ReminderCandidate = {
  invoiceId: string;
  status: "draft" | "sent" | "partial" | "paid" | "void";
  dueDate: string;
  balanceDue: number;
  /** Rules already sent for this invoice (`before-3`, `due`, `after-7`). */
  sentRules: string[];
  rules: InvoiceReminderRules;
  timeZone: string;
};

/** Each rule as a key and its day relative to the due date (negative before it). */
export function reminderRules(rules: InvoiceReminderRules): { rule: string; offset: number }[] {
  return [
    ...rules.beforeDueDays.map((days) => ({ rule: `before-${days}`, offset: -days })),
    ...(rules.onDueDate ? [{ rule: "due", offset: 0 }] : []),
    ...rules.afterDueDays.map((days) => ({ rule: `after-${days}`, offset: days })),
  ];
}

/**
 * The reminders to send at `now` (DESIGN §10, issue 15): for each sent or partly paid invoice with a
 * balance, the latest rule whose day has come in the speaker's time zone, unless that rule or a later one
 * was sent already. Earlier rules that never went out are skipped, so a backdated invoice gets one
 * reminder, not a burst. Pure: the sweep passes the clock in.
 */
export function planReminders(
  candidates: ReminderCandidate[],
  now: Date,
): { invoiceId: string; rule: string }[] {
  const planned: { invoiceId: string; rule: string }[] = [];
  for (const invoice of candidates) {
    if (invoice.status !== "sent" && invoice.status !== "partial") continue;
    if (invoice.balanceDue <= 0) continue;
    const dayOffset = daysBetween(invoice.dueDate, todayIn(invoice.timeZone, now));
    const rules = reminderRules(invoice.rules);
    const due = rules.filter((rule) => rule.offset <= dayOffset).sort((a, b) => b.offset - a.offset)[0];
    if (!due) continue;
    const sentOffsets = rules.filter((rule) => invoice.sentRules.includes(rule.rule)).map((r) => r.offset);
    if (sentOffsets.some((offset) => offset >= due.offset)) continue;
    planned.push({ invoiceId: invoice.invoiceId, rule: due.rule });
  }
  return planned;
}
