import { describe, expect, it } from "vitest";
import { parseDate, parseNumber, parseStatus, parseTime, quote, readText } from "./cell-values.ts";

describe("cell values", () => {
  it("reads dates as Excel dates, day counts and the three text forms", () => {
    const date = (value: Parameters<typeof parseDate>[0]) => parseDate(value, "Date*");
    expect(date(new Date("2026-03-14T00:00:00Z"))).toEqual({ value: "2026-03-14" });
    expect(date(new Date("2026-03-14T23:59:00Z"))).toEqual({ value: "2026-03-14" });
    expect(date(46095)).toEqual({ value: "2026-03-14" });
    expect(date("2026-03-14")).toEqual({ value: "2026-03-14" });
    expect(date(" 2026-3-4 ")).toEqual({ value: "2026-03-04" });
    expect(date("3/14/2026")).toEqual({ value: "2026-03-14" });
    expect(date("March 14, 2026")).toEqual({ value: "2026-03-14" });
    expect(date("mar 14 2026")).toEqual({ value: "2026-03-14" });
    expect(date("Sept. 1, 2026")).toEqual({ problem: "Date* is not a date: 'Sept. 1, 2026'" });
    expect(date("2025-02-29")).toEqual({ problem: "Date* is not a date: '2025-02-29'" });
    expect(date("14/3/2026")).toEqual({ problem: "Date* is not a date: '14/3/2026'" });
    expect(date(46095.5)).toEqual({ problem: "Date* is not a date: '46095.5'" });
    expect(date(true)).toEqual({ problem: "Date* is not a date: 'true'" });
  });

  it("reads numbers and money text", () => {
    const number = (value: Parameters<typeof parseNumber>[0]) => parseNumber(value, "Speaking Fee*");
    expect(number(7500)).toEqual({ value: 7500 });
    expect(number("$7,500.00")).toEqual({ value: 7500 });
    expect(number(" 1,200 ")).toEqual({ value: 1200 });
    expect(number("-$50")).toEqual({ value: -50 });
    expect(number(".5")).toEqual({ value: 0.5 });
    expect(number(null)).toEqual({ value: null });
    expect(number("  ")).toEqual({ value: null });
    expect(number("TBD")).toEqual({ problem: "Speaking Fee* is not a number: 'TBD'" });
    expect(number("$7,500 + travel")).toEqual({
      problem: "Speaking Fee* is not a number: '$7,500 + travel'",
    });
    expect(number(new Date("2026-01-01T00:00:00Z"))).toEqual({
      problem: "Speaking Fee* is not a number: '2026-01-01'",
    });
  });

  it("reads statuses by label in any case and by synonym; blank is Inquiry", () => {
    const status = (value: string | null) => parseStatus(value, "Status*");
    expect(status("Confirmed")).toEqual({ value: "confirmed" });
    expect(status("cAnCeLlEd")).toEqual({ value: "cancelled" });
    expect(status("Lead")).toEqual({ value: "inquiry" });
    expect(status("held")).toEqual({ value: "hold" });
    expect(status("BOOKED")).toEqual({ value: "confirmed" });
    expect(status("Canceled")).toEqual({ value: "cancelled" });
    expect(status("Closed")).toEqual({ value: "completed" });
    expect(status(null)).toEqual({ value: "inquiry" });
    expect(status("Maybe")).toHaveProperty("problem");
  });

  it("reads times, text and quotes long values short", () => {
    expect(parseTime(new Date("1899-12-30T09:30:00Z"))).toBe("09:30");
    expect(parseTime(0.75)).toBe("18:00");
    expect(parseTime(" 9:30 AM ")).toBe("9:30 AM");
    expect(readText(2134)).toBe("2134");
    expect(readText("   ")).toBeNull();
    expect(quote("x".repeat(50))).toBe(`'${"x".repeat(40)}…'`);
  });
});
