/**
 * Money is integer cents in the database and a number of dollars (at most two decimals) in the API.
 * These two functions are the only place where one becomes the other.
 */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function dollarsFromCents(cents: number): number {
  return cents / 100;
}

/**
 * A percentage with at most two decimals (25.5) is integer hundredths of a percent in the database (2550);
 * these two are the only place where one becomes the other.
 */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

export function percentFromBasisPoints(basisPoints: number): number {
  return basisPoints / 100;
}

/**
 * `basisPoints` hundredths of a percent of an amount in cents, rounded half up to the cent: the one rule for
 * a percent of money (a deposit, a commission). Integer arithmetic, so an exact half cent is never misread.
 */
export function percentOfCents(cents: number, basisPoints: number): number {
  return Math.floor((cents * basisPoints + 5_000) / 10_000);
}

/** A bureau's commission on a speaking fee, in cents, rounded to the cent (the SQL in events/commission.ts). */
export function commissionCentsOf(feeCents: number, basisPoints: number): number {
  return percentOfCents(feeCents, basisPoints);
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** 150000 → "$1,500.00". */
export function formatCents(cents: number): string {
  return usd.format(dollarsFromCents(cents));
}
