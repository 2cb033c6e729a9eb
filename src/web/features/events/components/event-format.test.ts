import { describe, expect, it } from "vitest";
import { buildMapUrl, describePlace, formatAddress, formatLongDate } from "./event-format.ts";

describe("formatLongDate", () => {
  it("names the weekday of the calendar day", () => {
    expect(formatLongDate("2026-03-14")).toBe("Saturday, March 14, 2026");
  });

  it("leaves a value that is not a date as it is", () => {
    expect(formatLongDate("someday")).toBe("someday");
  });
});

describe("formatAddress", () => {
  it("joins venue, street, city, state and zip code", () => {
    const place = {
      venueName: "Hilton",
      streetAddress: "500 E 4th St",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
    };
    expect(formatAddress(place)).toBe("Hilton, 500 E 4th St, Austin, TX 78701");
  });

  it("skips what is missing", () => {
    const place = { venueName: null, streetAddress: " ", city: "Austin", state: null, zipCode: "78701" };
    expect(formatAddress(place)).toBe("Austin, 78701");
    expect(
      formatAddress({ venueName: null, streetAddress: null, city: null, state: null, zipCode: null }),
    ).toBe("");
  });
});

describe("buildMapUrl", () => {
  it("searches Google Maps for the encoded address", () => {
    expect(buildMapUrl("Hilton, 500 E 4th St, Austin & Co")).toBe(
      "https://www.google.com/maps/search/?api=1&query=Hilton%2C%20500%20E%204th%20St%2C%20Austin%20%26%20Co",
    );
  });
});

describe("describePlace", () => {
  it("puts the venue before the city and state", () => {
    expect(describePlace({ venueName: "Hilton", city: "Austin", state: "TX" })).toBe("Hilton · Austin, TX");
    expect(describePlace({ venueName: null, city: "Austin", state: null })).toBe("Austin");
  });
});
