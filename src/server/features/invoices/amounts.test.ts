import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { invoiceTotals, splitDeposit, splitLines } from "./amounts.ts";
import { balanceDueDate } from "./create-event-invoices.ts";

describe("invoice amounts", () => {
  it("splits any gross fee into a deposit and a balance that add up to it to the cent", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 100, max: 9_900 }),
        (fee, travel, percent) => {
          const split = splitLines(
            [
              { description: "Speaking fee", cents: fee },
              { description: "Travel fee", cents: travel },
            ],
            percent,
          );
          const deposit = invoiceTotals(
            split.deposit.map((line) => ({ quantityHundredths: 100, unitPrice: line.cents })),
            0,
          );
          const balance = invoiceTotals(
            split.balance.map((line) => ({ quantityHundredths: 100, unitPrice: line.cents })),
            0,
          );
          expect(deposit.total + balance.total).toBe(fee + travel);
          expect(deposit.total).toBeGreaterThanOrEqual(0);
          expect(balance.total).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it("gives the rounding cent to the balance", () => {
    expect(splitDeposit(1001, 5000)).toEqual({ deposit: 500, balance: 501 });
    expect(splitDeposit(333_33, 3333)).toEqual({ deposit: 11_109, balance: 22_224 });
  });

  it("rounds line amounts and tax to the cent", () => {
    expect(invoiceTotals([{ quantityHundredths: 150, unitPrice: 3333 }], 825)).toEqual({
      subtotal: 5000,
      tax: 413,
      total: 5413,
    });
  });

  it("makes the balance due 30 days before the event, or on the event date when nearer", () => {
    expect(balanceDueDate("2030-06-30", "2030-01-10")).toBe("2030-05-31");
    expect(balanceDueDate("2030-01-20", "2030-01-10")).toBe("2030-01-20");
    expect(balanceDueDate("2029-12-20", "2030-01-10")).toBe("2030-01-10");
  });
});
