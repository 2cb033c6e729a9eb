import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EVENT_STATUSES } from "../../../shared/schemas/event-status.ts";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, signIn } from "../../../test/factories.ts";
import { insertBook, type SeedBook } from "../../../test/seed-book.ts";
import { readXlsx, uploadWorkbook } from "../../../test/workbooks.ts";

const { app, db } = await createTestApp();

// Letters, digits, punctuation a spreadsheet must keep as text (= + - @ at the start), XML's special
// characters, accents, CJK and an emoji; line breaks only where a field takes several lines (decision 061).
const characters = Array.from("aZ09 =+-@&<>\"',.$%/_éÑ漢字😀");
const textOf = (units: string[], maxLength: number) =>
  fc
    .string({ unit: fc.constantFrom(...units), minLength: 1, maxLength })
    .map((value) => value.trim())
    .filter((value) => value !== "");
const text = (maxLength: number) => textOf(characters, maxLength);
const paragraphs = (maxLength: number) => textOf([...characters, "\n"], maxLength);
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });
const email = fc.constantFrom("events@acme.example", "dana.lee@bureau.example", "x@y.co");
const website = fc.constantFrom("https://acme.example", "http://bureau.example/speakers?id=1");
const isoDate = fc
  .date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2040-12-31T00:00:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
/** A date every test run has passed. */
const LAST_PAST_DATE = "2025-12-31";
const cents = fc.integer({ min: 0, max: 1_000_000_000 });

/** Names unique without regard to case, as the database requires. */
const uniqueNames = fc.uniqueArray(text(40), { maxLength: 4, selector: (name) => name.toLowerCase() });

const book: fc.Arbitrary<SeedBook> = fc.tuple(uniqueNames, uniqueNames).chain(([clientNames, partnerNames]) =>
  fc.record({
    clients: fc.tuple(
      ...clientNames.map((name) =>
        fc.record({
          name: fc.constant(name),
          email: optional(email),
          phone: optional(text(20)),
          website: optional(website),
          notes: optional(paragraphs(60)),
          // Company and commission travel in Podium's columns after the spec's (issue 12, items 8 and 13).
          company: optional(text(40)),
        }),
      ),
    ),
    bureauPartners: fc.tuple(
      ...partnerNames.map((name) =>
        fc.record({
          name: fc.constant(name),
          contactName: optional(text(30)),
          email: optional(email),
          phone: optional(text(20)),
          website: optional(website),
          notes: optional(paragraphs(60)),
          commissionBasisPoints: optional(fc.integer({ min: 0, max: 10_000 })),
        }),
      ),
    ),
    events: fc.array(
      fc
        .record({
          title: text(60),
          date: isoDate,
          time: optional(text(10)),
          venueName: optional(text(30)),
          streetAddress: optional(text(30)),
          city: optional(text(20)),
          state: optional(text(10)),
          zipCode: optional(text(10)),
          fee: cents,
          travelFee: cents,
          status: fc.constantFrom(...EVENT_STATUSES),
          description: optional(paragraphs(80)),
          notes: optional(paragraphs(80)),
          source: optional(text(20)),
          attendees: optional(fc.integer({ min: 0, max: 10_000_000 })),
          bureauRepName: optional(text(20)),
          contactName: optional(text(20)),
          contactEmail: optional(email),
          contactPhone: optional(text(20)),
          clientName: clientNames.length ? optional(fc.constantFrom(...clientNames)) : fc.constant(null),
          bureauPartnerName: partnerNames.length
            ? optional(fc.constantFrom(...partnerNames))
            : fc.constant(null),
        })
        // Completed waits for the event's date (issue 28), so a completed talk has taken place.
        .map((event) =>
          event.status === "completed" && event.date > LAST_PAST_DATE
            ? { ...event, date: LAST_PAST_DATE }
            : event,
        ),
      { maxLength: 8 },
    ),
    profile: fc.record({
      name: optional(text(30)),
      title: optional(text(30)),
      businessName: optional(text(30)),
      phone: optional(text(20)),
      email: optional(email),
      website: optional(website),
      address: optional(text(30)),
      city: optional(text(20)),
      state: optional(text(10)),
      zipCode: optional(text(10)),
      bio: optional(paragraphs(120)),
      annualGoal: optional(cents),
    }),
  }),
);

async function signedInSpeaker() {
  const user = await createUser(db);
  const client = createClient(app);
  await signIn(client, db, user, { freshCheck: true });
  return { user, client };
}

/** A downloaded workbook's values, rows sorted so that records of equal sort keys compare as sets. */
async function exportedValues(client: ReturnType<typeof createClient>) {
  const response = await client.get("/api/export/workbook");
  expect(response.statusCode).toBe(200);
  const sheets = await readXlsx(response.rawPayload);
  return sheets.map(({ name, rows }) => {
    const [header, ...records] = rows;
    const sorted = name === "Profile" ? records : records.map((row) => JSON.stringify(row)).sort();
    return { name, header, rows: sorted };
  });
}

type Row = Record<string, unknown>;

/**
 * Everything an account holds, as the JSON export shows it, without what differs between two accounts
 * (ids); the client's company comes back through the Clients sheet's Company column.
 */
async function accountData(client: ReturnType<typeof createClient>) {
  const data = (await client.get("/api/export-complete-data")).json();
  const strip = (rows: Row[], ...keys: string[]) =>
    rows
      .map((row) =>
        JSON.stringify(Object.fromEntries(Object.entries(row).filter(([key]) => !keys.includes(key)))),
      )
      .sort();
  return {
    events: strip(data.events, "id", "clientCompany"),
    clients: strip(data.clients, "id"),
    bureauPartners: strip(data.bureauPartners, "id"),
    profile: data.profile,
  };
}

describe("export → import round trip", () => {
  it("imports an account's export into an empty account, which then exports the same data", async () => {
    await fc.assert(
      fc.asyncProperty(book, async (generated) => {
        const original = await signedInSpeaker();
        await insertBook(db, original.user.id, generated);
        const download = await original.client.get("/api/export/workbook");

        const copy = await signedInSpeaker();
        const imported = await uploadWorkbook(copy.client, download.rawPayload);
        expect(imported.statusCode).toBe(200);
        expect(imported.json().created.events).toBe(generated.events!.length);
        expect(await exportedValues(copy.client)).toEqual(await exportedValues(original.client));
        expect(await accountData(copy.client)).toEqual(await accountData(original.client));

        const again = await uploadWorkbook(original.client, download.rawPayload);
        expect(again.json()).toMatchObject({
          created: { events: 0, clients: 0, bureauPartners: 0 },
          updated: { events: 0, clients: 0, bureauPartners: 0 },
          unchanged: { events: generated.events!.length },
        });
      }),
      { numRuns: 15 },
    );
  });
});
