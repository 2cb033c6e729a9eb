import { describe, expect, it } from "vitest";
import {
  centsPerMileToTenths,
  countedHundredths,
  deductionCents,
  milesToHundredths,
  rateForYear,
} from "./mileage.ts";

describe("mileage arithmetic", () => {
  it("rounds half up to the cent from exact integers", () => {
    // 12.5 miles × 65.5 ¢ = 818.75 ¢ → 819.
    expect(deductionCents(milesToHundredths(12.5), centsPerMileToTenths(65.5))).toBe(819);
    // 0.01 mile × 65.5 ¢ = 0.655 ¢ → 1; 0.01 × 67 = 0.67 → 1; 0.001 mile cannot be entered.
    expect(deductionCents(1, 655)).toBe(1);
    expect(deductionCents(1, 670)).toBe(1);
    // 0.07 miles × 70 ¢ = 4.9 ¢ → 5 (0.07 × 100 is 7.000000000000001 in floating point).
    expect(deductionCents(milesToHundredths(0.07), centsPerMileToTenths(70))).toBe(5);
    // 1.15 miles × 65.5 ¢ = 75.325 → 75 (float 1.15 × 65.5 = 75.32499999999999).
    expect(deductionCents(milesToHundredths(1.15), centsPerMileToTenths(65.5))).toBe(75);
    // 0.3 mi × 67 ¢ = 20.1; 100,000 miles round trip × 70 ¢ = $140,000 exactly.
    expect(deductionCents(30, 670)).toBe(20);
    expect(deductionCents(countedHundredths(milesToHundredths(100_000), true), 700)).toBe(14_000_000);
  });

  it("takes the year's rate, else the latest earlier year's, else the earliest", () => {
    const table = [
      { year: 2023, tenths: 655 },
      { year: 2024, tenths: 670 },
      { year: 2025, tenths: 700 },
    ];
    expect(rateForYear(table, 2023)).toBe(655);
    expect(rateForYear(table, 2024)).toBe(670);
    expect(rateForYear(table, 2026)).toBe(700);
    expect(rateForYear(table, 2019)).toBe(655);
    expect(rateForYear([], 2025)).toBe(0);
  });
});
