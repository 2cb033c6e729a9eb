import type { Writable } from "node:stream";
import type ExcelJS from "exceljs";
import {
  BUREAU_PARTNER_COLUMNS,
  CLIENT_COLUMNS,
  EVENT_COLUMNS,
  PROFILE_FIELDS,
  SHEET_NAMES,
} from "../../../shared/workbook.ts";
import { writeWorkbook } from "./export-workbook.ts";

/** The guidance sheet: never imported, because sheets are found by name (DESIGN §8). */
export const GUIDE_SHEET_NAME = "How to fill";

/**
 * The examples the guidance shows, one per sheet: values no speaker would have, shown only on the guidance
 * sheet. A row still equal to one (copied into a data sheet), or to the sample rows that earlier templates
 * carried in the data sheets themselves, is refused (`isTemplateExample`), so a sample can never become a
 * record or overwrite the profile.
 */
export const TEMPLATE_EXAMPLES = {
  event: { title: "Example Keynote", date: "2030-03-14", venueName: "Example Hotel Ballroom" },
  client: { name: "Example Client Inc.", email: "events@client.example" },
  bureauPartner: { name: "Example Speakers Bureau", email: "agent@bureau.example" },
  profile: { name: "Your Name", email: "you@speaker.example" },
} as const;

/** The sample rows of the template before issue 12, matched on enough fields that no real row is caught. */
const EARLIER_EXAMPLES = {
  event: { title: "Leadership Keynote", date: "2026-03-14", contactEmail: "jordan@acme.example" },
  client: { name: "Acme Corporation", email: "events@acme.example", phone: "(415) 555-0100" },
  bureauPartner: { name: "Premier Speakers Bureau", email: "dana@premier.example" },
  profile: { name: "Alex Morgan", email: "alex@morgan.example" },
} as const;

type ExampleSheet = keyof typeof TEMPLATE_EXAMPLES;

const same = (a: unknown, b: string) => typeof a === "string" && a.trim().toLowerCase() === b.toLowerCase();
const matches = (fields: Record<string, unknown>, example: Record<string, string>) =>
  Object.entries(example).every(([key, value]) => same(fields[key], value));

/** True when a row (an event, client, bureau partner or the profile) still equals a template's example. */
export function isTemplateExample(sheet: ExampleSheet, fields: Record<string, unknown>): boolean {
  return matches(fields, TEMPLATE_EXAMPLES[sheet]) || matches(fields, EARLIER_EXAMPLES[sheet]);
}

export const TEMPLATE_EXAMPLE_MESSAGE =
  "This row is still the template's example. Replace it with your own details or delete the row.";

const headersOf = (columns: readonly { header: string }[]) =>
  columns.map((column) => column.header).join(" | ");

/** The guidance: what each sheet holds, which columns must be filled, and an example for each. */
function guideRows(): string[][] {
  const { event, client, bureauPartner, profile } = TEMPLATE_EXAMPLES;
  return [
    ["How to fill this workbook"],
    [
      "Fill in the Events, Clients, Bureau Partners and Profile sheets, then import the file in Account Settings → Data Management. This sheet is never imported.",
    ],
    ["Only Event Name and Date (Events), Client (Clients) and Bureau Name (Bureau Partners) must be filled."],
    [],
    [SHEET_NAMES.events, headersOf(EVENT_COLUMNS)],
    [
      "Example",
      `${event.title} | ${event.date} | ${event.venueName} | 1 Example Street | Springfield | IL | 62701 | 7500 | 1200 | (worked out) | Confirmed | … | ${client.name}`,
    ],
    ["Status", "Inquiry, Hold, Confirmed, Postponed, Completed or Cancelled (blank: Inquiry)"],
    [
      "Gross Fee, Commission, Net Fee",
      "Written on export from the fees and the bureau's rate; ignored on import",
    ],
    [],
    [SHEET_NAMES.clients, headersOf(CLIENT_COLUMNS)],
    [
      "Example",
      `${client.name} | ${client.email} | (555) 555-0100 | https://client.example | … | Example Holdings`,
    ],
    [],
    [SHEET_NAMES.bureauPartners, headersOf(BUREAU_PARTNER_COLUMNS)],
    ["Example", `${bureauPartner.name} | Example Agent | ${bureauPartner.email} | … | 25%`],
    [],
    [
      SHEET_NAMES.profile,
      "One row per field: the label in Field, your value in Value. Leave out a row to keep that field as it is.",
    ],
    ["Labels", PROFILE_FIELDS.map((field) => field.label).join(", ")],
    ["Example", `Name | ${profile.name}    Email | ${profile.email}`],
  ];
}

function writeGuide(workbook: ExcelJS.stream.xlsx.WorkbookWriter) {
  const sheet = workbook.addWorksheet(GUIDE_SHEET_NAME);
  sheet.columns = [
    { key: "a", width: 32 },
    { key: "b", width: 120 },
  ];
  guideRows().forEach((cells, index) => {
    const row = sheet.addRow(cells);
    if (index === 0) row.font = { bold: true, size: 14 };
    row.commit();
  });
  sheet.commit();
}

/** Headers only: the four sheets the import reads, empty, and the guidance sheet after them. */
export async function writeImportTemplate(output: Writable): Promise<void> {
  await writeWorkbook(
    output,
    { events: [], clients: [], bureauPartners: [], profile: null },
    { afterSheets: writeGuide },
  );
}
