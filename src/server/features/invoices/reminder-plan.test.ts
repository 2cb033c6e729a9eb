import { describe, expect, it } from "vitest";
import { planReminders, type ReminderCandidate } from "./reminder-plan.ts";

const rules = { beforeDueDays: [3], onDueDate: true, afterDueDays: [3, 7, 14] };
const invoice = (overrides: Partial<ReminderCandidate> = {}): ReminderCandidate => ({
  invoiceId: "a",
  status: "sent",
  dueDate: "2030-03-10",
  balanceDue: 100,
  sentRules: [],
  rules,
  timeZone: "UTC",
  ...overrides,
});
const at = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe("planReminders", () => {
  it("sends nothing before the first rule's day", () => {
    expect(planReminders([invoice()], at("2030-03-06"))).toEqual([]);
  });

  it("sends each rule once, on its day", () => {
    expect(planReminders([invoice()], at("2030-03-07"))).toEqual([{ invoiceId: "a", rule: "before-3" }]);
    expect(planReminders([invoice({ sentRules: ["before-3"] })], at("2030-03-08"))).toEqual([]);
    expect(planReminders([invoice({ sentRules: ["before-3"] })], at("2030-03-10"))).toEqual([
      { invoiceId: "a", rule: "due" },
    ]);
    expect(planReminders([invoice({ sentRules: ["before-3", "due"] })], at("2030-03-17"))).toEqual([
      { invoiceId: "a", rule: "after-7" },
    ]);
  });

  it("sends one reminder, the latest due, for a backdated invoice", () => {
    expect(planReminders([invoice()], at("2030-04-30"))).toEqual([{ invoiceId: "a", rule: "after-14" }]);
    expect(planReminders([invoice({ sentRules: ["after-14"] })], at("2030-05-30"))).toEqual([]);
  });

  it("never reminds of drafts, void, paid or settled invoices", () => {
    const now = at("2030-03-10");
    for (const status of ["draft", "void", "paid"] as const) {
      expect(planReminders([invoice({ status })], now)).toEqual([]);
    }
    expect(planReminders([invoice({ balanceDue: 0 })], now)).toEqual([]);
    expect(planReminders([invoice({ status: "partial" })], now)).toHaveLength(1);
  });

  it("reads the day in the speaker's time zone", () => {
    // 2030-03-07 02:00 UTC is still March 6 in Los Angeles.
    const now = new Date("2030-03-07T02:00:00Z");
    expect(planReminders([invoice()], now)).toHaveLength(1);
    expect(planReminders([invoice({ timeZone: "America/Los_Angeles" })], now)).toEqual([]);
  });
});
