/**
 * Mileage arithmetic in integers: miles in hundredths, rates in tenths of a cent per mile, deductions in
 * cents. 12.5 miles at 65.5 ¢ is 1250 × 655 / 1000 = 818.75 → 819 cents, never 818.7499999.
 */

/** The IRS business rates (cents per mile) a speaker starts with (DESIGN §10). */
export const DEFAULT_MILEAGE_RATES: { year: number; centsPerMile: number }[] = [
  { year: 2023, centsPerMile: 65.5 },
  { year: 2024, centsPerMile: 67 },
  { year: 2025, centsPerMile: 70 },
];

export function milesToHundredths(miles: number): number {
  return Math.round(miles * 100);
}

export function centsPerMileToTenths(cents: number): number {
  return Math.round(cents * 10);
}

/** Miles that count: a round trip counts its miles twice. */
export function countedHundredths(milesHundredths: number, roundTrip: boolean): number {
  return roundTrip ? milesHundredths * 2 : milesHundredths;
}

/** Cents for miles at a rate, rounded half up to the cent; exact because every operand is an integer. */
export function deductionCents(countedMilesHundredths: number, tenthsOfCentPerMile: number): number {
  // hundredths × tenths = 1/1000 of a cent; adding 500 before the integer division rounds half up.
  const thousandths = BigInt(countedMilesHundredths) * BigInt(tenthsOfCentPerMile);
  return Number((thousandths + 500n) / 1000n);
}

/**
 * The rate of `year` from a table of `{ year, tenths }`: that year's, else the latest earlier year's (a new
 * year uses last year's rate until the speaker enters the new one), else the earliest year's; 0 when empty.
 */
export function rateForYear(table: { year: number; tenths: number }[], year: number): number {
  const sorted = [...table].sort((a, b) => a.year - b.year);
  const atOrBefore = sorted.filter((row) => row.year <= year).at(-1);
  return (atOrBefore ?? sorted[0])?.tenths ?? 0;
}
