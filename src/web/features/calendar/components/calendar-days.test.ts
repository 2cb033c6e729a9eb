import { describe, expect, it } from "vitest";
import { type CalendarEvent, describeDays, listMonthGrid, readMonth, shiftMonth } from "./calendar-days.ts";

const event = (overrides: Partial<CalendarEvent>): CalendarEvent => ({
  id: crypto.randomUUID(),
  title: "Talk",
  date: "2026-11-10",
  status: "confirmed",
  holdRank: null,
  city: "Chicago",
  state: "IL",
  ...overrides,
});

describe("the month grid", () => {
  it("shows whole weeks from Sunday to Saturday around the month", () => {
    const grid = listMonthGrid("2026-11");
    expect(grid[0]).toBe("2026-11-01");
    expect(grid.at(-1)).toBe("2026-12-05");
    expect(grid).toHaveLength(35);
    expect(listMonthGrid("2027-02")[0]).toBe("2027-01-31");
  });

  it("reads the month from the address and moves across years", () => {
    expect(readMonth("2026-13", "2026-11-27")).toBe("2026-11");
    expect(readMonth("2027-01", "2026-11-27")).toBe("2027-01");
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
  });
});

describe("the days of the calendar", () => {
  it("marks a conflict when two events take the same date, and orders holds by rank", () => {
    const days = describeDays([
      event({ title: "Second", status: "hold", holdRank: 2 }),
      event({ title: "First", status: "hold", holdRank: 1 }),
      event({ date: "2026-11-12", status: "hold", holdRank: 1 }),
      event({ date: "2026-11-12", status: "cancelled" }),
    ]);
    expect(days.get("2026-11-10")?.hasConflict).toBe(true);
    expect(days.get("2026-11-10")?.events.map((e) => e.title)).toEqual(["First", "Second"]);
    expect(days.get("2026-11-12")?.hasConflict).toBe(false);
    expect(days.has("2026-11-11")).toBe(false);
  });

  it("marks a travel day when the talk the day before is in another place", () => {
    const days = describeDays([
      event({ date: "2026-11-10", city: "Chicago", state: "IL" }),
      event({ date: "2026-11-11", city: "Denver", state: "CO" }),
      event({ date: "2026-11-12", city: "Denver", state: "CO" }),
      event({ date: "2026-11-13", city: "Austin", state: "TX", status: "hold", holdRank: 1 }),
    ]);
    expect(days.get("2026-11-10")?.travelFrom).toBeNull();
    expect(days.get("2026-11-11")?.travelFrom).toBe("Chicago, IL");
    expect(days.get("2026-11-12")?.travelFrom).toBeNull();
    // A hold is not a talk yet.
    expect(days.get("2026-11-13")?.travelFrom).toBeNull();
  });
});
