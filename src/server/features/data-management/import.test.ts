import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, signIn } from "../../../test/factories.ts";
import { dumpTables, insertBook } from "../../../test/seed-book.ts";
import {
  buildXlsx,
  type HandCell,
  type HandSheet,
  readXlsx,
  uploadWorkbook,
} from "../../../test/workbooks.ts";

const { app, db } = await createTestApp();

async function signedInSpeaker() {
  const user = await createUser(db);
  const client = createClient(app);
  await signIn(client, db, user);
  return { user, client };
}

// Headers as people type them: any case, extra spaces, asterisks dropped or kept; Gross Fee and unknown
// columns are ignored.
const eventHeaders = [
  "event name",
  "DATE",
  "  venue/hotel name  ",
  "city",
  "STATE*",
  "zip code",
  "Speaking Fee",
  "travel fee",
  "Gross Fee",
  "status",
  "Notes",
  "Attendees",
  "Time",
  "Bureau Partner",
  "client*",
  "Favourite Colour",
];

type EventCells = Partial<Record<(typeof eventHeaders)[number], HandCell>>;
const eventRow = (cells: EventCells): HandCell[] => eventHeaders.map((header) => cells[header] ?? null);

/** A workbook as another spreadsheet program saves it, with every variation import must accept. */
function anotherProgramsWorkbook(overrides: { keynoteFee?: HandCell } = {}): HandSheet[] {
  return [
    {
      name: "Events",
      rows: [
        eventHeaders,
        eventRow({
          "event name": "Leadership Keynote",
          DATE: { date: "2026-03-14" },
          "  venue/hotel name  ": "Grand Hyatt",
          city: "San Francisco",
          "STATE*": "CA",
          "Speaking Fee": overrides.keynoteFee ?? "$7,500.00",
          "travel fee": 1200,
          "Gross Fee": { formula: "G2+H2", result: 8700 },
          status: "Booked",
          Attendees: "1,200",
          Time: "9:30 AM",
          "client*": "Acme Corporation",
          "Favourite Colour": "teal",
        }),
        [],
        eventRow({
          "event name": "Workshop",
          DATE: "2026-03-15",
          status: "lead",
          "client*": "New Client Co",
        }),
        ["   ", "", null],
        eventRow({
          "event name": "Panel",
          DATE: "3/14/2026",
          "Speaking Fee": 2500.5,
          status: "HELD",
          "Bureau Partner": "Premier Bureau",
        }),
        eventRow({
          "event name": "Gala",
          DATE: "March 14, 2026",
          "Speaking Fee": "$1,000",
          status: "Canceled",
        }),
        eventRow({ "event name": "Retreat", DATE: "Mar 5, 2026", status: "closed", "zip code": 2134 }),
        eventRow({ "event name": "Summit", DATE: { date: "2027-01-09" }, status: "CONFIRMED" }),
        eventRow({
          "event name": "Offsite",
          DATE: "2027-02-01",
          status: "postponed",
          "Bureau Partner": "New Bureau",
        }),
        eventRow({ "event name": "Town Hall", DATE: "2027-02-02" }),
      ],
    },
    {
      name: "clients",
      rows: [
        ["client", "EMAIL", "phone", "Website", "notes", "Company"],
        ["Acme Corporation", "events@acme.example", 4155550100, "www.acme.example", null, "Acme Inc."],
      ],
    },
    {
      name: "Bureau partners",
      rows: [
        ["bureau name", "contact name"],
        ["Premier Bureau", "Dana Lee"],
      ],
    },
    {
      name: "Profile",
      rows: [
        ["field", "VALUE"],
        ["name", "Alex Morgan"],
        ["Annual Goal", "$250,000"],
        ["zip code", "02134"],
      ],
    },
  ];
}

const eventByTitle = (data: { events: { title: string }[] }, title: string) =>
  data.events.find((event) => event.title === title) as Record<string, unknown>;

describe("POST /api/import", () => {
  it("imports a workbook saved by another program, with every accepted variation", async () => {
    const { client } = await signedInSpeaker();
    const response = await uploadWorkbook(client, await buildXlsx(anotherProgramsWorkbook()));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      dryRun: false,
      created: { events: 8, clients: 2, bureauPartners: 2 },
      updated: { events: 0, clients: 0, bureauPartners: 0 },
      unchanged: { events: 0, clients: 0, bureauPartners: 0 },
      profile: "created",
      records: {
        events: {
          created: [
            "Leadership Keynote (2026-03-14)",
            "Workshop (2026-03-15)",
            "Panel (2026-03-14)",
            "Gala (2026-03-14)",
            "Retreat (2026-03-05)",
            "Summit (2027-01-09)",
            "Offsite (2027-02-01)",
            "Town Hall (2027-02-02)",
          ],
          updated: [],
        },
        clients: { created: ["Acme Corporation", "New Client Co"], updated: [] },
        bureauPartners: { created: ["Premier Bureau", "New Bureau"], updated: [] },
      },
      profileChanges: [
        { field: "Name", before: null, after: "Alex Morgan" },
        { field: "Zip Code", before: null, after: "02134" },
        { field: "Annual Goal", before: null, after: "$250,000" },
      ],
      errors: [],
      // Some of its events share a day; what conflicts say is tested with the holds.
      conflicts: expect.any(Array),
    });
    const data = (await client.get("/api/export-complete-data")).json();
    expect(eventByTitle(data, "Leadership Keynote")).toMatchObject({
      date: "2026-03-14",
      venueName: "Grand Hyatt",
      state: "CA",
      fee: 7500,
      travelFee: 1200,
      status: "confirmed",
      attendees: 1200,
      time: "9:30 AM",
      clientName: "Acme Corporation",
      clientCompany: "Acme Inc.",
    });
    const statusOf = (title: string) => eventByTitle(data, title).status;
    expect(statusOf("Workshop")).toBe("inquiry");
    expect(statusOf("Panel")).toBe("hold");
    expect(statusOf("Gala")).toBe("cancelled");
    expect(statusOf("Retreat")).toBe("completed");
    expect(statusOf("Summit")).toBe("confirmed");
    expect(statusOf("Offsite")).toBe("postponed");
    expect(statusOf("Town Hall")).toBe("inquiry");
    expect(eventByTitle(data, "Workshop")).toMatchObject({
      date: "2026-03-15",
      fee: 0,
      clientName: "New Client Co",
    });
    expect(eventByTitle(data, "Panel")).toMatchObject({
      date: "2026-03-14",
      fee: 2500.5,
      bureauPartnerName: "Premier Bureau",
    });
    expect(eventByTitle(data, "Gala")).toMatchObject({ date: "2026-03-14", fee: 1000 });
    expect(eventByTitle(data, "Retreat")).toMatchObject({ date: "2026-03-05", zipCode: "2134" });
    expect(eventByTitle(data, "Summit").date).toBe("2027-01-09");
    expect(data.clients).toEqual([
      expect.objectContaining({
        name: "Acme Corporation",
        email: "events@acme.example",
        phone: "4155550100",
        website: "https://www.acme.example",
        company: "Acme Inc.",
      }),
      expect.objectContaining({ name: "New Client Co", email: null }),
    ]);
    expect(data.bureauPartners.map((partner: { name: string }) => partner.name)).toEqual([
      "New Bureau",
      "Premier Bureau",
    ]);
    expect(data.profile).toMatchObject({
      name: "Alex Morgan",
      annualGoal: 250_000,
      zipCode: "02134",
      bio: null,
    });
  });

  it("changes nothing when the same file is imported twice", async () => {
    const { client } = await signedInSpeaker();
    const file = await buildXlsx(anotherProgramsWorkbook());
    expect((await uploadWorkbook(client, file)).statusCode).toBe(200);
    const before = await dumpTables(db);
    const again = await uploadWorkbook(client, file);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      created: { events: 0, clients: 0, bureauPartners: 0 },
      updated: { events: 0, clients: 0, bureauPartners: 0 },
      unchanged: { events: 8, clients: 1, bureauPartners: 1 },
      profile: "unchanged",
    });
    expect(await dumpTables(db)).toEqual(before);
  });

  it("updates the matching record when a row was edited, matching names and titles in any case", async () => {
    const { user, client } = await signedInSpeaker();
    await insertBook(db, user.id, {
      clients: [{ name: "ACME corporation", email: "old@acme.example" }],
      events: [{ title: "LEADERSHIP KEYNOTE", date: "2026-03-14", venueName: "grand hyatt", fee: 100 }],
    });
    const response = await uploadWorkbook(
      client,
      await buildXlsx(anotherProgramsWorkbook({ keynoteFee: 9000 })),
    );
    expect(response.json()).toMatchObject({
      created: { events: 7, clients: 1, bureauPartners: 2 },
      updated: { events: 1, clients: 1, bureauPartners: 0 },
    });
    const data = (await client.get("/api/export-complete-data")).json();
    expect(data.events).toHaveLength(8);
    expect(eventByTitle(data, "Leadership Keynote")).toMatchObject({
      fee: 9000,
      clientName: "Acme Corporation",
    });
    expect(data.clients.find((c: { name: string }) => c.name === "Acme Corporation").email).toBe(
      "events@acme.example",
    );
  });

  it("reports a dry run's outcome and writes nothing", async () => {
    const { user, client } = await signedInSpeaker();
    await insertBook(db, user.id, {
      events: [{ title: "Leadership Keynote", date: "2026-03-14", venueName: "Grand Hyatt" }],
      profile: { name: "Jamie Rivera", title: "Keynote Speaker" },
    });
    const before = await dumpTables(db);
    const response = await uploadWorkbook(client, await buildXlsx(anotherProgramsWorkbook()), {
      dryRun: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      dryRun: true,
      created: { events: 7, clients: 2, bureauPartners: 2 },
      updated: { events: 1, clients: 0, bureauPartners: 0 },
      unchanged: { events: 0, clients: 0, bureauPartners: 0 },
      profile: "updated",
      // The records by name, and the profile before and after (issue 12, item 3).
      records: {
        events: {
          created: expect.arrayContaining(["Workshop (2026-03-15)", "Town Hall (2027-02-02)"]),
          updated: ["Leadership Keynote (2026-03-14)"],
        },
        clients: { created: ["Acme Corporation", "New Client Co"], updated: [] },
        bureauPartners: { created: ["Premier Bureau", "New Bureau"], updated: [] },
      },
      profileChanges: [
        { field: "Name", before: "Jamie Rivera", after: "Alex Morgan" },
        { field: "Zip Code", before: null, after: "02134" },
        { field: "Annual Goal", before: null, after: "$250,000" },
      ],
      errors: [],
      conflicts: [],
    });
    expect(await dumpTables(db)).toEqual(before);
  });

  it("keeps two events with the same title, date and venue apart, and re-imports them unchanged", async () => {
    const { client } = await signedInSpeaker();
    const twin = (time: string) => eventRow({ "event name": "Breakout", DATE: "2026-05-01", Time: time });
    const file = await buildXlsx([
      { name: "Events", rows: [eventHeaders, twin("9:00 AM"), twin("2:00 PM")] },
    ]);
    expect((await uploadWorkbook(client, file)).json().created.events).toBe(2);
    const again = (await uploadWorkbook(client, file)).json();
    expect(again.unchanged.events).toBe(2);
    expect(again.profile).toBe("absent");
  });

  it("leaves another user's records alone", async () => {
    const other = await signedInSpeaker();
    await insertBook(db, other.user.id, {
      clients: [{ name: "Acme Corporation", email: "theirs@acme.example" }],
      events: [{ title: "Leadership Keynote", date: "2026-03-14", venueName: "Grand Hyatt", fee: 1 }],
    });
    const otherBefore = (await other.client.get("/api/export-complete-data")).json();
    const { client } = await signedInSpeaker();
    const response = await uploadWorkbook(client, await buildXlsx(anotherProgramsWorkbook()));
    expect(response.json().created).toEqual({ events: 8, clients: 2, bureauPartners: 2 });
    expect((await other.client.get("/api/export-complete-data")).json()).toEqual(otherBefore);
  });

  it("imports the template with only Events filled without touching the profile (issue 12, item 3)", async () => {
    const { client } = await signedInSpeaker();
    await client.put("/api/speaker-profile", { name: "Jamie Rivera", title: "Keynote Speaker" });
    const template = (await client.get("/api/import/template")).rawPayload;
    // The speaker fills in the Events sheet of the downloaded template and leaves the rest as it came.
    const sheets = await readXlsx(template);
    const filled: HandSheet[] = sheets.map((sheet) =>
      sheet.name === "Events"
        ? { name: sheet.name, rows: [sheet.rows[0] as HandCell[], ["Sales Kickoff", "2027-01-10"]] }
        : { name: sheet.name, rows: sheet.rows as HandCell[][] },
    );
    const response = await uploadWorkbook(client, await buildXlsx(filled));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      created: { events: 1, clients: 0, bureauPartners: 0 },
      profile: "unchanged",
      profileChanges: [],
    });
    const data = (await client.get("/api/export-complete-data")).json();
    expect(data.profile).toMatchObject({ name: "Jamie Rivera", title: "Keynote Speaker" });
    expect(data.bureauPartners).toEqual([]);
    expect(data.clients).toEqual([]);
  });

  it("refuses rows still equal to a template's examples, in plain words, and writes nothing", async () => {
    const { client } = await signedInSpeaker();
    const message =
      "This row is still the template's example. Replace it with your own details or delete the row.";
    const file = await buildXlsx([
      {
        name: "Events",
        rows: [
          ["Event Name*", "Date*", "Venue/Hotel Name*", "Contact Email"],
          ["Example Keynote", "2030-03-14", "Example Hotel Ballroom", null],
          // The sample row of the template before issue 12.
          ["Leadership Keynote", "2026-03-14", "Grand Hyatt", "jordan@acme.example"],
          ["Sales Kickoff", "2027-01-10", "Hilton", null],
        ],
      },
      {
        name: "Bureau Partners",
        rows: [
          ["Bureau Name*", "Email"],
          ["Premier Speakers Bureau", "dana@premier.example"],
        ],
      },
      {
        name: "Profile",
        rows: [
          ["Field", "Value"],
          ["Name", "Alex Morgan"],
          ["Email", "alex@morgan.example"],
        ],
      },
    ]);
    const response = await uploadWorkbook(client, file);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { sheet: "Events", row: 2, column: "Event Name*", message },
      { sheet: "Events", row: 3, column: "Event Name*", message },
      { sheet: "Bureau Partners", row: 2, column: "Bureau Name*", message },
      { sheet: "Profile", row: 2, column: "Value", message },
    ]);
    const data = (await client.get("/api/export-complete-data")).json();
    expect(data.events).toEqual([]);
    expect(data.profile.name).toBeNull();
  });
});
