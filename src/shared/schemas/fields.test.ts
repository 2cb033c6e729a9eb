import { describe, expect, it } from "vitest";
import { dollarsFromCents, dollarsToCents } from "../money.ts";
import { canChangeEventStatus, statusChangeRefusal } from "./event-status.ts";
import { isRealIsoDate, money, optionalUrl } from "./fields.ts";

describe("isRealIsoDate", () => {
  it("accepts days that exist and refuses the rest", () => {
    for (const date of ["2024-02-29", "2030-12-31", "1999-01-01"])
      expect(isRealIsoDate(date), date).toBe(true);
    for (const date of [
      "2025-02-29",
      "2030-00-10",
      "2030-01-32",
      "2030-1-01",
      "0999-01-01",
      "2030-01-01T00:00",
      "",
    ]) {
      expect(isRealIsoDate(date), date).toBe(false);
    }
  });
});

describe("money", () => {
  const fee = money("Fee");

  it("accepts amounts with up to two decimals despite binary floating point", () => {
    for (const amount of [0, 0.01, 0.1 + 0.2 - 0.3 + 0.07, 19.99, 1234.56, 10_000_000]) {
      expect(fee.safeParse(amount).success, String(amount)).toBe(true);
    }
  });

  it("refuses a third decimal, a negative amount, more than ten million and non-numbers", () => {
    for (const amount of [1.005, 0.001, -0.01, 10_000_000.01, Number.NaN, Number.POSITIVE_INFINITY, "5"]) {
      expect(fee.safeParse(amount).success, String(amount)).toBe(false);
    }
  });

  it("converts to cents and back exactly", () => {
    for (const amount of [0.29, 19.99, 1234.56, 10_000_000, 0.07]) {
      const cents = dollarsToCents(amount);
      expect(Number.isInteger(cents)).toBe(true);
      expect(dollarsFromCents(cents)).toBe(amount);
    }
  });
});

describe("optionalUrl", () => {
  it("keeps http and https addresses and clears blanks", () => {
    const website = optionalUrl();
    expect(website.parse(" https://example.com/a ")).toBe("https://example.com/a");
    expect(website.parse("http://localhost:3000")).toBe("http://localhost:3000");
    expect(website.parse("")).toBeNull();
    expect(website.safeParse("mailto:a@b.example").success).toBe(false);
  });
});

describe("event status transitions", () => {
  it("allows completing only a confirmed event", () => {
    expect(canChangeEventStatus("confirmed", "completed")).toBe(true);
    for (const from of ["inquiry", "hold", "postponed", "cancelled"] as const) {
      expect(canChangeEventStatus(from, "completed"), from).toBe(false);
    }
    expect(statusChangeRefusal("hold", "completed")).toBe(
      "The status cannot change from Hold to Completed. From Hold, an event can become: Inquiry, Confirmed, Postponed, Cancelled.",
    );
  });
});
