/** Money arithmetic of invoices, in integer cents; pure, so the rounding rules are tested on their own. */

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
 * Splits an amount into a deposit of `percentBasisPoints` and the balance. The deposit is rounded down to
 * the cent, so the balance takes the rounding cent and the two always add up to `totalCents` exactly.
 */
export function splitDeposit(totalCents: number, percentBasisPoints: number) {
  const deposit = Math.floor((totalCents * percentBasisPoints) / 10_000);
  return { deposit, balance: totalCents - deposit };
}

/**
 * Splits each of the event's fee lines by the same rule, so the deposit and balance invoices carry the
 * same kinds of lines and their totals add up to the gross fee to the cent.
 */
export function splitLines(lines: { description: string; cents: number }[], percentBasisPoints: number) {
  const deposit: { description: string; cents: number }[] = [];
  const balance: { description: string; cents: number }[] = [];
  for (const line of lines) {
    const parts = splitDeposit(line.cents, percentBasisPoints);
    deposit.push({ description: line.description, cents: parts.deposit });
    balance.push({ description: line.description, cents: parts.balance });
  }
  return { deposit, balance };
}
