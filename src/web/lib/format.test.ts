import { describe, expect, it } from "vitest";
import { formatShortDate, joinPresent } from "./format.ts";

describe("formatShortDate", () => {
  it("shows a calendar date in en-US short form, whatever the time zone", () => {
    expect(formatShortDate("2026-03-14")).toBe("Mar 14, 2026");
    expect(formatShortDate("2026-01-01T00:00:00.000Z")).toBe("Jan 1, 2026");
  });

  it("leaves a value that is not a date as it is", () => {
    expect(formatShortDate("soon")).toBe("soon");
  });
});

describe("joinPresent", () => {
  it("skips missing and blank parts", () => {
    expect(joinPresent(["Hilton", null, " ", "Austin", "TX"])).toBe("Hilton, Austin, TX");
    expect(joinPresent([undefined, null])).toBe("");
  });
});
