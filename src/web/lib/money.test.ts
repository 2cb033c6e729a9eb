import { describe, expect, it } from "vitest";
import { formatDollarInput, formatDollars, parseDollars } from "./money.ts";

describe("formatDollars", () => {
  it("shows whole amounts without cents and others with two decimals", () => {
    expect(formatDollars(5000)).toBe("$5,000");
    expect(formatDollars(1234.5)).toBe("$1,234.50");
    expect(formatDollars(0)).toBe("$0");
  });

  it("shows a missing amount as $0", () => {
    expect(formatDollars(null)).toBe("$0");
    expect(formatDollars(undefined)).toBe("$0");
  });
});

describe("formatDollarInput", () => {
  it("groups thousands and keeps cents only when there are some", () => {
    expect(formatDollarInput(12500)).toBe("12,500");
    expect(formatDollarInput(99.9)).toBe("99.90");
  });

  it("is blank for no amount", () => {
    expect(formatDollarInput(null)).toBe("");
    expect(formatDollarInput(Number.NaN)).toBe("");
  });
});

describe("parseDollars", () => {
  it("reads amounts with a dollar sign, commas and spaces", () => {
    expect(parseDollars("$5,000.50")).toBe(5000.5);
    expect(parseDollars(" 12 500 ")).toBe(12500);
    expect(parseDollars(".5")).toBe(0.5);
  });

  it("gives null for blank input", () => {
    expect(parseDollars("")).toBeNull();
    expect(parseDollars(" $ ")).toBeNull();
  });

  it("keeps negative amounts and extra decimals for the schema to refuse", () => {
    expect(parseDollars("-20")).toBe(-20);
    expect(parseDollars("1.234")).toBe(1.234);
  });

  it("gives NaN for text that is not an amount", () => {
    expect(parseDollars("five hundred")).toBeNaN();
    expect(parseDollars("1.2.3")).toBeNaN();
  });
});
