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
