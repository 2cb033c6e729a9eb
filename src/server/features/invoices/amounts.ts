/** Money arithmetic of invoices, in integer cents; pure, so the rounding rules are tested on their own. */
import { percentOfCents } from "../../../shared/money.ts";

export type LineCents = { quantityHundredths: number; unitPrice: number };

/** A line's amount: quantity × unit price, rounded to the cent. */
export function lineAmount(line: LineCents): number {
  return Math.round((line.quantityHundredths * line.unitPrice) / 100);
}

/** Subtotal, tax (a percent in basis points, rounded to the cent) and total of an invoice's lines. */
export function invoiceTotals(lines: LineCents[], taxRateBasisPoints: number) {
  const subtotal = lines.reduce((sum, line) => sum + lineAmount(line), 0);
  const tax = Math.round((subtotal * taxRateBasisPoints) / 10_000);
  return { subtotal, tax, total: subtotal + tax };
}

/**
 * Splits an amount into a deposit of `percentBasisPoints`, rounded half up to the cent, and the balance,
 * which takes the difference: the two always add up to `totalCents` exactly.
 */
export function splitDeposit(totalCents: number, percentBasisPoints: number) {
  const deposit = percentOfCents(totalCents, percentBasisPoints);
  return { deposit, balance: totalCents - deposit };
}

type FeeLine = { description: string; cents: number };

/**
 * Splits the event's fee lines into deposit and balance lines. The deposit is the percent of the gross fee
 * (splitDeposit), spread over the lines by the largest-remainder method: each line's share rounded down,
 * then the cents still missing go one each to the lines whose shares lost the most, earlier lines first on
 * a tie. So the deposit lines add up to the deposit, and each line's deposit and balance to the line.
 */
export function splitLines(lines: FeeLine[], percentBasisPoints: number) {
  const gross = lines.reduce((sum, line) => sum + line.cents, 0);
  const shares = lines.map((line, index) => {
    const exactTimes10000 = line.cents * percentBasisPoints;
    return { index, cents: Math.floor(exactTimes10000 / 10_000), remainder: exactTimes10000 % 10_000 };
  });
  let missing = splitDeposit(gross, percentBasisPoints).deposit - shares.reduce((sum, s) => sum + s.cents, 0);
  // Half-up rounding of the sum adds at most one cent per line whose share has a remainder.
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (missing === 0 || share.remainder === 0) break;
    share.cents += 1;
    missing -= 1;
  }
  return {
    deposit: lines.map((line, index) => ({ description: line.description, cents: shares[index]!.cents })),
    balance: lines.map((line, index) => ({
      description: line.description,
      cents: line.cents - shares[index]!.cents,
    })),
  };
}

/**
 * Spreads `cents` over the lines in proportion to their amounts, by the largest-remainder method (earlier
 * lines first on a tie), so the parts add up to `cents` exactly.
 */
export function spreadCents(lines: FeeLine[], cents: number): FeeLine[] {
  const gross = lines.reduce((sum, line) => sum + line.cents, 0);
  const shares = lines.map((line, index) => {
    const exact = line.cents * cents;
    return { index, cents: Math.floor(exact / gross), remainder: exact % gross };
  });
  let missing = cents - shares.reduce((sum, share) => sum + share.cents, 0);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (missing === 0) break;
    share.cents += 1;
    missing -= 1;
  }
  return lines.map((line, index) => ({ description: line.description, cents: shares[index]!.cents }));
}
