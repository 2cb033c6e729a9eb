import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import type { TestClient } from "../../../test/client.ts";

const { app, db } = await createTestApp({ APP_URL: "http://podium.example" });

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
type Json = any;

async function ok(response: { statusCode: number; body: string; json: () => Json }, status = 201) {
  if (response.statusCode !== status) throw new Error(`${response.statusCode} ${response.body}`);
  return response.statusCode === 204 ? undefined : response.json();
}

/** A sent invoice of `amount` issued on `issueDate`, for the payments below. */
async function sentInvoice(client: TestClient, amount: number, issueDate: string, eventId?: string) {
  const invoice = await ok(
    await client.post("/api/invoices", {
      eventId,
      issueDate,
      dueDate: issueDate,
      items: [{ description: "Speaking", quantity: 1, unitPrice: amount }],
      taxRate: 0,
    }),
  );
  await ok(await client.post(`/api/invoices/${invoice.id}/send`, { to: "ap@example.com" }), 200);
  return invoice.id as string;
}

const pay = (client: TestClient, invoiceId: string, amount: number, date: string) =>
  client.post(`/api/invoices/${invoiceId}/payments`, { amount, date, method: "check" });

/**
 * The fixture of the hand-computed figures below. Each line's comment says where it counts in 2025.
 */
async function seedSpeaker(client: TestClient) {
  await ok(await client.put("/api/speaker-profile", { name: "Jordan Rivera", annualGoal: 100000 }), 200);
  const e1 = await postEvent(client, {
    title: "Austin Keynote",
    date: "2025-03-10",
    state: "TX",
    fee: 10000,
    travelFee: 500,
    status: "confirmed",
    attendees: 300,
    clientName: "Acme",
    bureauPartnerName: "Big Bureau",
  }); // booked 10,500, March, TX
  await postEvent(client, {
    title: "Dallas Workshop",
    date: "2025-03-20",
    state: "Texas",
    fee: 5000,
    status: "completed",
    attendees: 50,
    clientName: "Acme",
  }); // booked 5,000, March, TX (spelled out)
  await postEvent(client, {
    title: "Sacramento Panel",
    date: "2025-07-04",
    state: " ca ",
    fee: 8000,
    travelFee: 250,
    status: "confirmed",
    attendees: 1000,
    clientName: "Beta",
  }); // booked 8,250, July, CA
  await postEvent(client, {
    title: "Virtual Webinar",
    date: "2025-07-15",
    fee: 2000,
    status: "completed",
    attendees: 400,
  }); // booked 2,000, July, no state
  await postEvent(client, {
    title: "Cancelled Gala",
    date: "2025-05-01",
    state: "TX",
    fee: 20000,
    status: "cancelled",
    attendees: 900,
    clientName: "Acme",
  }); // counts nowhere
  await postEvent(client, { title: "Maybe Summit", date: "2025-09-01", state: "NY", fee: 7000 }); // inquiry
  await postEvent(client, {
    title: "Pencilled Retreat",
    date: "2025-10-01",
    state: "FL",
    fee: 3000,
    travelFee: 1000,
    status: "hold",
  }); // hold
  await postEvent(client, {
    title: "Last Year Talk",
    date: "2024-06-01",
    state: "TX",
    fee: 4000,
    status: "completed",
    attendees: 200,
  }); // last year: booked 4,000 in June

  const i1 = await sentInvoice(client, 10500, "2025-02-01", e1.id); // invoiced 10,500
  await ok(await pay(client, i1, 4000, "2025-02-10")); // collected 4,000 in February
  await ok(await pay(client, i1, 6500, "2026-01-05")); // another year: not collected in 2025
  const i2 = await sentInvoice(client, 5000, "2024-12-15"); // invoiced last year
  await ok(await pay(client, i2, 5000, "2025-01-03")); // collected 5,000 in January
  await ok(
    await client.post("/api/invoices", {
      issueDate: "2025-04-01",
      items: [{ description: "Draft", quantity: 1, unitPrice: 999 }],
    }),
  ); // a draft: not invoiced
  const voided = await sentInvoice(client, 700, "2025-05-01");
  await ok(await client.post(`/api/invoices/${voided}/void`, { reason: "Sent twice" }), 200); // void: not invoiced
  const i5 = await sentInvoice(client, 1200, "2025-06-01"); // invoiced 1,200
  const removed = await ok(await pay(client, i5, 1200, "2025-06-02"));
  await ok(await client.delete(`/api/invoices/${i5}/payments/${removed.payments[0].id}`), 204); // removed
  await ok(await pay(client, i5, 300, "2025-06-03")); // collected 300 in June

  for (const [date, amount, category] of [
    ["2025-03-09", 450.25, "airfare"],
    ["2025-03-10", 300, "lodging"],
    ["2025-07-04", 49.75, "meals"],
    ["2025-07-03", 199.99, "airfare"],
    ["2024-12-31", 100, "office"], // last year
  ] as const) {
    await ok(await client.post("/api/expenses", { date, amount, category, vendor: "Vendor" }));
  }
  await ok(
    await client.post("/api/mileage", {
      date: "2025-03-10",
      from: "Home",
      to: "Austin Convention Center",
      purpose: "Keynote",
      miles: 12.5,
    }),
  );
  await ok(
    await client.post("/api/mileage", {
      date: "2025-07-04",
      from: "Home",
      to: "Airport",
      purpose: "Flight to Sacramento",
      miles: 10.25,
      roundTrip: true,
    }),
  );
  await ok(
    await client.post("/api/mileage", {
      date: "2024-06-01",
      from: "Home",
      to: "Houston",
      purpose: "Talk",
      miles: 100,
    }),
  ); // 2024: 67 ¢, not in 2025
}

describe("insights", () => {
  it("computes every figure of the fixture by hand, and a second speaker's data never counts", async () => {
    const { client } = await createSignedInClient(app, db);
    await seedSpeaker(client);
    // A second speaker with data in the same states and year.
    const other = await createSignedInClient(app, db);
    await postEvent(other.client, {
      title: "Other Texas",
      date: "2025-03-11",
      state: "TX",
      fee: 99000,
      status: "confirmed",
      attendees: 5000,
      clientName: "Acme",
    });
    const otherInvoice = await sentInvoice(other.client, 777, "2025-03-01");
    await ok(await pay(other.client, otherInvoice, 777, "2025-03-02"));
    await ok(
      await other.client.post("/api/expenses", { date: "2025-03-01", amount: 5000, category: "airfare" }),
    );
    await ok(
      await other.client.post("/api/mileage", {
        date: "2025-03-01",
        from: "A",
        to: "B",
        purpose: "C",
        miles: 1000,
      }),
    );

    const insights = await ok(await client.get("/api/insights?year=2025"), 200);
    expect(insights.year).toBe(2025);
    expect(insights.income).toMatchObject({
      booked: 25750,
      invoiced: 11700,
      collected: 9300,
      goal: 100000,
      lastYear: { booked: 4000, invoiced: 5000, collected: 0 },
    });
    const month = (m: number) => insights.income.byMonth[m - 1];
    expect(insights.income.byMonth).toHaveLength(12);
    expect(month(1)).toMatchObject({ booked: 0, collected: 5000 });
    expect(month(2)).toMatchObject({ invoiced: 10500, collected: 4000 });
    expect(month(3)).toMatchObject({ booked: 15500 });
    expect(month(6)).toMatchObject({ invoiced: 1200, collected: 300, lastYearBooked: 4000 });
    expect(month(7)).toMatchObject({ booked: 10250 });
    expect(month(12)).toMatchObject({ lastYearBooked: 0, lastYearCollected: 0 });

    expect(insights.expenses).toEqual({
      total: 999.99,
      byCategory: [
        { category: "airfare", amount: 650.24, count: 2 },
        { category: "lodging", amount: 300, count: 1 },
        { category: "meals", amount: 49.75, count: 1 },
      ],
    });
    // 12.5 + 2 × 10.25 = 33 miles at 70 ¢ = $23.10.
    expect(insights.mileage).toEqual({ miles: 33, deduction: 23.1, centsPerMile: 70 });
    // 9,300 − 999.99 − 23.10
    expect(insights.net).toBe(8276.91);

    expect(insights.byState).toEqual([
      { state: "TX", name: "Texas", events: 2, fees: 15500, attendees: 350 },
      { state: "CA", name: "California", events: 1, fees: 8250, attendees: 1000 },
      { state: null, name: "No state", events: 1, fees: 2000, attendees: 400 },
    ]);
    expect(insights.reach).toEqual({
      attendees: 1750,
      events: 4,
      allTimeAttendees: 1950,
      allTimeEvents: 5,
      byYear: [
        { year: 2024, events: 1, attendees: 200 },
        { year: 2025, events: 4, attendees: 1750 },
      ],
    });
    expect(insights.pipeline).toEqual({
      inquiry: { count: 1, amount: 7000 },
      hold: { count: 1, amount: 4000 },
      confirmed: { count: 2, amount: 18750 },
      completed: { count: 2, amount: 7000 },
      conversionRate: 0.6667,
      // The one hold falls more than 12 months back, so no hold counts toward the conversion.
      holdConversionRate: null,
      datesHeldMoreThanOnce: 0,
    });
    expect(insights.topClients.map((row: Json) => [row.name, row.events, row.fees])).toEqual([
      ["Acme", 2, 15500],
      ["Beta", 1, 8250],
    ]);
    expect(insights.topBureaus.map((row: Json) => [row.name, row.events, row.fees])).toEqual([
      ["Big Bureau", 1, 10500],
    ]);

    // Tapping a state: both spellings of Texas; the row without a state.
    const texas = await ok(await client.get("/api/insights/state-events?year=2025&state=TX"), 200);
    expect(texas.items.map((row: Json) => row.title)).toEqual(["Austin Keynote", "Dallas Workshop"]);
    const none = await ok(await client.get("/api/insights/state-events?year=2025&state=none"), 200);
    expect(none.items.map((row: Json) => [row.title, row.fees])).toEqual([["Virtual Webinar", 2000]]);

    // The dashboard's year figure is the same number.
    const dashboard = await ok(await client.get("/api/dashboard?today=2025-08-01"), 200);
    expect(dashboard.totals.bookedThisYear).toBe(insights.income.booked);

    // The other speaker sees only their own.
    const theirs = await ok(await other.client.get("/api/insights?year=2025"), 200);
    expect(theirs.income).toMatchObject({ booked: 99000, invoiced: 777, collected: 777 });
    expect(theirs.byState).toEqual([{ state: "TX", name: "Texas", events: 1, fees: 99000, attendees: 5000 }]);
    const theirTexas = await ok(await other.client.get("/api/insights/state-events?year=2025&state=TX"), 200);
    expect(theirTexas.items.map((row: Json) => row.title)).toEqual(["Other Texas"]);
  });

  it("answers an empty year with zeros and refuses a year that is not one", async () => {
    const { client } = await createSignedInClient(app, db);
    const empty = await ok(await client.get("/api/insights?year=2031"), 200);
    expect(empty.income).toMatchObject({ booked: 0, invoiced: 0, collected: 0, goal: null });
    expect(empty).toMatchObject({ net: 0, byState: [], topClients: [], topBureaus: [] });
    expect(empty.pipeline.conversionRate).toBeNull();
    const current = await ok(await client.get("/api/insights"), 200);
    expect(current.year).toBe(new Date().getUTCFullYear());
    for (const year of ["abc", "2025.5", "0", "99999"]) {
      const response = await client.get(`/api/insights?year=${year}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/^Year must be/);
    }
    expect((await client.get("/api/insights/state-events?year=2025")).statusCode).toBe(400);
  });

  it("writes the tax workbook with real numbers and dates, named for the year and the speaker", async () => {
    const { client, user } = await createSignedInClient(app, db);
    await seedSpeaker(client);
    const response = await client.get("/api/insights/tax-summary.xlsx?year=2025");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(response.headers["content-disposition"]).toContain(
      `filename="podium-tax-2025-${user.username}.xlsx"`,
    );

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      "Summary",
      "Income by state",
      "Expenses by category",
      "Expenses",
      "Mileage log",
    ]);
    const values = (name: string) =>
      book
        .getWorksheet(name)!
        .getSheetValues()
        .slice(2)
        .map((row) => (row as unknown[]).slice(1));
    expect(values("Summary").map((row) => row[1])).toEqual([25750, 11700, 9300, 999.99, 23.1, 8276.91]);
    expect(values("Income by state")).toEqual([
      ["Texas", "TX", 2, 15500, 350],
      ["California", "CA", 1, 8250, 1000],
      ["No state", "", 1, 2000, 400],
      ["Total", undefined, 4, 25750, 1750],
    ]);
    expect(values("Expenses by category").at(-1)).toEqual(["Total", 4, 999.99]);
    const expenseRows = values("Expenses");
    expect(expenseRows).toHaveLength(4);
    expect(expenseRows[0]![0]).toEqual(new Date("2025-03-09T00:00:00Z"));
    expect(expenseRows[0]![4]).toBe(450.25);
    const log = values("Mileage log");
    expect(log[0]).toEqual([
      new Date("2025-03-10T00:00:00Z"),
      "Home",
      "Austin Convention Center",
      "Keynote",
      12.5,
      "No",
      12.5,
      70,
      8.75,
    ]);
    expect(log[1]!.slice(4)).toEqual([10.25, "Yes", 20.5, 70, 14.35]);
    expect(log[2]).toEqual([
      undefined,
      "Total",
      undefined,
      undefined,
      undefined,
      undefined,
      33,
      undefined,
      23.1,
    ]);
    expect(book.getWorksheet("Mileage log")!.getCell("A2").numFmt).toBe("yyyy-mm-dd");
  });
});
