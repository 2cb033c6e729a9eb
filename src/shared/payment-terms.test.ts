import { describe, expect, it } from "vitest";
import { balanceDueDate, paymentTerms } from "./payment-terms.ts";

describe("payment terms", () => {
  it("makes the balance due 30 days before the event, or on the event date when nearer", () => {
    expect(balanceDueDate("2030-06-30", "2030-01-10")).toBe("2030-05-31");
    expect(balanceDueDate("2030-01-20", "2030-01-10")).toBe("2030-01-20");
    expect(balanceDueDate("2029-12-20", "2030-01-10")).toBe("2030-01-10");
  });

  it("asks for the chosen percent, rounded half up, within 14 days, and the rest 30 days before the event", () => {
    expect(paymentTerms(1_000_001, "2030-06-30", "2030-01-10", { percent: 30 })).toEqual({
      depositCents: 300_000,
      depositDue: "2030-01-24",
      balanceCents: 700_001,
      balanceDue: "2030-05-31",
    });
    expect(paymentTerms(333, "2030-06-30", "2030-01-10", { percent: 50 }).depositCents).toBe(167);
  });

  it("never asks for the deposit after the event, nor the balance before the deposit", () => {
    expect(paymentTerms(10_000, "2030-01-15", "2030-01-10", { percent: 50 })).toMatchObject({
      depositDue: "2030-01-15",
      balanceDue: "2030-01-15",
    });
    // The event is 40 days away: 30 days before it is sooner than the deposit's 14 days.
    expect(paymentTerms(10_000, "2030-02-19", "2030-01-10", { percent: 50 })).toMatchObject({
      depositDue: "2030-01-24",
      balanceDue: "2030-01-24",
    });
  });

  it("keeps a deposit already invoiced, and the balance is what the new total leaves (never below zero)", () => {
    const paid = { cents: 250_000, dueDate: "2030-01-12" };
    expect(paymentTerms(600_000, "2030-06-30", "2030-02-01", paid)).toEqual({
      depositCents: 250_000,
      depositDue: "2030-01-12",
      balanceCents: 350_000,
      balanceDue: "2030-05-31",
    });
    expect(paymentTerms(200_000, "2030-06-30", "2030-02-01", paid).balanceCents).toBe(0);
  });
});
