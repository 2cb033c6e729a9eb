import { describe, expect, it } from "vitest";
import { EVENT_COLUMNS } from "../../../shared/workbook.ts";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, signIn } from "../../../test/factories.ts";
import { dumpTables, insertBook } from "../../../test/seed-book.ts";
import { buildXlsx, type HandCell, type HandSheet, uploadWorkbook } from "../../../test/workbooks.ts";

const { app, db } = await createTestApp();

async function signedInSpeaker() {
  const user = await createUser(db);
  const client = createClient(app);
  await signIn(client, db, user);
  return { user, client };
}

const headers = EVENT_COLUMNS.map((column) => column.header);
const eventRow = (cells: Partial<Record<string, HandCell>>): HandCell[] =>
  headers.map((header) => cells[header] ?? null);
const good = (title: string) =>
  eventRow({ "Event Name*": title, "Date*": "2026-03-14", "Speaking Fee*": 500 });

async function importProblems(sheets: HandSheet[]) {
  const { client } = await signedInSpeaker();
  const response = await uploadWorkbook(client, await buildXlsx(sheets));
  expect(response.statusCode).toBe(422);
  return response.json();
}

/** The one problem a single bad cell causes (row 2 of the Events sheet). */
async function problemOf(cells: Partial<Record<string, HandCell>>) {
  const body = await importProblems([
    {
      name: "Events",
      rows: [headers, eventRow({ "Event Name*": "Keynote", "Date*": "2026-03-14", ...cells })],
    },
  ]);
  expect(body.errors).toHaveLength(1);
  expect(body.errors[0]).toMatchObject({ sheet: "Events", row: 2 });
  return body.errors[0];
}

describe("POST /api/import with problems in the workbook", () => {
  it("names each problem with its sheet, spreadsheet row, column and a plain message", async () => {
    expect(await problemOf({ "Date*": null })).toEqual({
      sheet: "Events",
      row: 2,
      column: "Date*",
      message: "Date* is empty",
    });
    expect(await problemOf({ "Event Name*": " " })).toMatchObject({
      column: "Event Name*",
      message: "Event Name* is empty",
    });
    expect(await problemOf({ "Speaking Fee*": "TBD" })).toMatchObject({
      column: "Speaking Fee*",
      message: "Speaking Fee* is not a number: 'TBD'",
    });
    expect((await problemOf({ "Date*": "soon" })).message).toBe("Date* is not a date: 'soon'");
    expect((await problemOf({ "Date*": "2/30/2026" })).message).toBe("Date* is not a date: '2/30/2026'");
    expect((await problemOf({ "Status*": "Maybe" })).message).toBe(
      "Status* is not a known status: 'Maybe' (use Inquiry, Hold, Confirmed, Postponed, Completed or Cancelled)",
    );
    expect((await problemOf({ Attendees: "many" })).message).toBe("Attendees is not a number: 'many'");
    expect((await problemOf({ Attendees: 12.5 })).message).toBe("Attendees must be a whole number: '12.5'");
    expect((await problemOf({ "Travel Fee": -5 })).message).toBe("Travel fee cannot be negative: '-5'");
    expect((await problemOf({ "Speaking Fee*": 20_000_000 })).message).toBe(
      "Speaking fee cannot be more than $10,000,000: '20000000'",
    );
    expect((await problemOf({ "Contact Email": "jordan@" })).message).toBe(
      "Invalid email address: 'jordan@'",
    );
    expect((await problemOf({ "Zip Code": "1".repeat(21) })).message).toBe(
      `Zip code must be at most 20 characters: '${"1".repeat(21)}'`,
    );
  });

  it("refuses a line break in a one-line column, naming the row and the column", async () => {
    expect(await problemOf({ "Contact Name": "Dana Lee\n\n## 9. Additional terms" })).toEqual({
      sheet: "Events",
      row: 2,
      column: "Contact Name",
      message:
        "Contact name must be on one line: remove the line breaks: 'Dana Lee\n\n## 9. Additional terms'",
    });
    expect((await problemOf({ "Event Name*": "Keynote\nDay two" })).message).toBe(
      "Event name must be on one line: remove the line breaks: 'Keynote\nDay two'",
    );
  });

  it("reports a missing required column on the header row", async () => {
    const body = await importProblems([
      {
        name: "Events",
        rows: [
          ["Event Name*", "Venue"],
          ["Keynote", "Hyatt"],
        ],
      },
    ]);
    expect(body.errors).toEqual([
      { sheet: "Events", row: 1, column: "Date*", message: "The Date* column is missing" },
    ]);
  });

  it("reports every problem of every sheet at once, in sheet and row order", async () => {
    const body = await importProblems([
      {
        name: "Events",
        rows: [headers, good("Fine"), [], eventRow({ "Event Name*": "Late", "Speaking Fee*": "TBD" })],
      },
      {
        name: "Clients",
        rows: [
          ["Client*", "Website"],
          ["Acme", "https://acme.example"],
          ["acme", null],
          [null, "https://x.example"],
          ["Globex", "not a site"],
        ],
      },
      {
        name: "Bureau Partners",
        rows: [
          ["Bureau Name*", "Email"],
          ["Premier", "premier@"],
        ],
      },
      {
        name: "Profile",
        rows: [
          ["Field", "Value"],
          ["Favourite Colour", "teal"],
          ["Name", "A"],
          ["name", "B"],
        ],
      },
    ]);
    expect(body.error).toBe("The workbook has 8 problems. Nothing was imported.");
    expect(body.errors).toEqual([
      { sheet: "Events", row: 4, column: "Date*", message: "Date* is empty" },
      { sheet: "Events", row: 4, column: "Speaking Fee*", message: "Speaking Fee* is not a number: 'TBD'" },
      { sheet: "Clients", row: 3, column: "Client*", message: "Client* 'acme' is already on row 2" },
      { sheet: "Clients", row: 4, column: "Client*", message: "Client* is empty" },
      {
        sheet: "Clients",
        row: 5,
        column: "Website",
        message: "Enter a web address starting with http:// or https://: 'not a site'",
      },
      { sheet: "Bureau Partners", row: 2, column: "Email", message: "Invalid email address: 'premier@'" },
      {
        sheet: "Profile",
        row: 2,
        column: "Field",
        message:
          "'Favourite Colour' is not a profile field (use Name, Title, Business Name, Phone, Email, Website, Address, City, State, Zip Code, Bio, Annual Goal)",
      },
      { sheet: "Profile", row: 4, column: "Field", message: "Name is already on row 3" },
    ]);
    expect(body.created).toMatchObject({ events: 1 });
  });

  it("refuses a Profile sheet without its Field | Value header row", async () => {
    const body = await importProblems([
      { name: "Events", rows: [headers, good("Fine")] },
      { name: "Profile", rows: [["Name", "Alex"]] },
    ]);
    expect(body.errors).toEqual([
      {
        sheet: "Profile",
        row: 1,
        column: null,
        message: "The Profile sheet needs the header row Field | Value",
      },
    ]);
  });

  it("leaves the database exactly as it was when one row fails, dry run or not", async () => {
    const { user, client } = await signedInSpeaker();
    await insertBook(db, user.id, {
      clients: [{ name: "Acme", email: "old@acme.example" }],
      events: [{ title: "Fine 1", date: "2026-03-14", fee: 1 }],
      profile: { name: "Before" },
    });
    const file = await buildXlsx([
      {
        name: "Events",
        rows: [
          headers,
          good("Fine 1"),
          ...Array.from({ length: 50 }, (_, i) => good(`New ${i}`)),
          eventRow({ "Event Name*": "Broken", "Date*": "2026-03-14", "Speaking Fee*": "TBD" }),
        ],
      },
      {
        name: "Clients",
        rows: [
          ["Client*", "Email"],
          ["Acme", "new@acme.example"],
          ["Globex", null],
        ],
      },
      {
        name: "Profile",
        rows: [
          ["Field", "Value"],
          ["Name", "After"],
        ],
      },
    ]);
    const before = await dumpTables(db);
    for (const dryRun of [false, true]) {
      const response = await uploadWorkbook(client, file, { dryRun });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        dryRun,
        errors: [{ sheet: "Events", row: 53, column: "Speaking Fee*" }],
      });
    }
    expect(await dumpTables(db)).toEqual(before);
  });
});
