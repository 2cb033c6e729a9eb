import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { invoiceTotals, splitDeposit, splitLines, spreadCents } from "./amounts.ts";

describe("invoice amounts", () => {
  it("asks for the percent of the gross fee rounded half up, spread over lines that add up to it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 100, max: 9_900 }),
        (fee, travel, percent) => {
          const fees = [
            { description: "Speaking fee", cents: fee },
            { description: "Travel fee", cents: travel },
          ];
          const split = splitLines(fees, percent);
          const total = (lines: { cents: number }[]) =>
            invoiceTotals(
              lines.map((line) => ({ quantityHundredths: 100, unitPrice: line.cents })),
              0,
            ).total;
          const gross = fee + travel;
          // Half up in exact integers: the deposit is within half a cent of the percent of the gross.
          const exactTimes10000 = gross * percent;
          expect(Math.abs(total(split.deposit) * 10_000 - exactTimes10000)).toBeLessThanOrEqual(5_000);
          if (exactTimes10000 % 10_000 === 5_000)
            expect(total(split.deposit) * 10_000).toBeGreaterThan(exactTimes10000);
          expect(total(split.deposit) + total(split.balance)).toBe(gross);
          split.deposit.forEach((line, index) => {
            expect(line.cents).toBeGreaterThanOrEqual(0);
            expect(split.balance[index]!.cents).toBeGreaterThanOrEqual(0);
            expect(line.cents + split.balance[index]!.cents).toBe(fees[index]!.cents);
          });
        },
      ),
    );
  });

  it("rounds the deposit half up and lets the balance take the difference", () => {
    expect(splitDeposit(1001, 5000)).toEqual({ deposit: 501, balance: 500 });
    expect(splitDeposit(333_33, 3333)).toEqual({ deposit: 11_110, balance: 22_223 });
    expect(splitDeposit(79_012, 2500)).toEqual({ deposit: 19_753, balance: 59_259 });
  });

  it("gives the cents left by rounding each line down to the lines with the largest remainders", () => {
    const fees = [
      { description: "Speaking fee", cents: 77_777 },
      { description: "Travel fee", cents: 1_235 },
    ];
    expect(splitLines(fees, 2500).deposit.map((line) => line.cents)).toEqual([19_444, 309]);
  });

  it("rounds line amounts and tax to the cent", () => {
    expect(invoiceTotals([{ quantityHundredths: 150, unitPrice: 3333 }], 825)).toEqual({
      subtotal: 5000,
      tax: 413,
      total: 5413,
    });
  });

  it("spreads an amount over lines in proportion, adding up to the cent", () => {
    const lines = [
      { description: "Speaking fee", cents: 1_000_000 },
      { description: "Travel fee", cents: 150_001 },
    ];
    const parts = spreadCents(lines, 350_001);
    expect(parts.map((part) => part.cents)).toEqual([304_348, 45_653]);
    expect(parts.reduce((sum, part) => sum + part.cents, 0)).toBe(350_001);
    expect(
      spreadCents(
        [
          { description: "Fee", cents: 3 },
          { description: "Travel", cents: 3 },
        ],
        1,
      ),
    ).toEqual([
      { description: "Fee", cents: 1 },
      { description: "Travel", cents: 0 },
    ]);
  });
});
