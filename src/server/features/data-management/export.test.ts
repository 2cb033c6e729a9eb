import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import {
  BUREAU_PARTNER_COLUMNS,
  CLIENT_COLUMNS,
  EVENT_COLUMNS,
  PROFILE_FIELDS,
} from "../../../shared/workbook.ts";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, signIn } from "../../../test/factories.ts";
import { makePng, samplePdf, temporaryDataDir, uploadOk } from "../../../test/files.ts";
import { insertBook } from "../../../test/seed-book.ts";
import { readXlsx } from "../../../test/workbooks.ts";

const { app, db } = await createTestApp({ DATA_DIR: temporaryDataDir() });

const formulaLike = ['=HYPERLINK("http://evil.example","click")', "+1+1", "-2+3", "@SUM(A1:A2)"];

async function createSpeaker() {
  const user = await createUser(db);
  const client = createClient(app);
  await signIn(client, db, user, { freshCheck: true });
  await insertBook(db, user.id, {
    clients: [
      { name: "Acme Corporation", company: "Acme Inc.", email: "events@acme.example", phone: formulaLike[0] },
    ],
    bureauPartners: [
      { name: "Premier Bureau", contactName: "Dana Lee", notes: formulaLike[3], commissionBasisPoints: 2500 },
    ],
    events: [
      {
        title: "Leadership Keynote",
        date: "2026-03-14",
        venueName: "Grand Hyatt",
        city: formulaLike[2],
        state: "CA",
        zipCode: "02134",
        fee: 750_000,
        travelFee: 120_050,
        status: "confirmed",
        notes: formulaLike[1],
        attendees: 450,
        time: "9:30 AM",
        clientName: "Acme Corporation",
        bureauPartnerName: "Premier Bureau",
        bureauRepName: "Dana Lee",
        contactName: "Jordan Smith",
        contactEmail: "jordan@acme.example",
      },
      { title: "Workshop", date: "2025-11-02", status: "hold" },
    ],
    profile: {
      name: "Alex Morgan",
      title: "Keynote Speaker",
      bio: "Leads teams through change.",
      annualGoal: 25_000_000,
    },
  });
  return { user, client };
}

describe("GET /api/export/workbook", () => {
  it("downloads the spec §3 workbook: four sheets, the exact headers, real dates and money", async () => {
    const { user, client } = await createSpeaker();
    const response = await client.get("/api/export/workbook");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="podium-${user.username}-${today}.xlsx"`,
    );
    const sheets = await readXlsx(response.rawPayload);
    expect(sheets.map((sheet) => sheet.name)).toEqual(["Events", "Clients", "Bureau Partners", "Profile"]);
    const [eventsSheet, clientsSheet, partnersSheet, profileSheet] = sheets;
    expect(eventsSheet!.rows[0]).toEqual([
      "Event Name*",
      "Date*",
      "Venue/Hotel Name*",
      "Street Address",
      "City*",
      "State*",
      "Zip Code",
      "Speaking Fee*",
      "Travel Fee",
      "Gross Fee",
      "Status*",
      "Description",
      "Notes",
      "Source",
      "Attendees",
      "Time",
      "Industry",
      "Bureau Partner",
      "Bureau Rep",
      "Contact Name",
      "Contact Email",
      "Client*",
      // Podium's own columns after the spec's (issue 12, item 13).
      "Commission",
      "Net Fee",
      // The event contact's phone, which {{contact.phone}} prints in contracts (issue 28).
      "Contact Phone",
      // When the speaker should arrive, which the planner's questionnaire may fill (issue 33).
      "Arrival Time",
    ]);
    expect(eventsSheet!.rows[0]).toEqual(EVENT_COLUMNS.map((column) => column.header));
    // Company after the spec's columns (issue 12, item 8).
    expect(clientsSheet!.rows[0]).toEqual(["Client*", "Email", "Phone", "Website", "Notes", "Company"]);
    expect(clientsSheet!.rows[1]![5]).toBe("Acme Inc.");
    expect(clientsSheet!.rows[0]).toEqual(CLIENT_COLUMNS.map((column) => column.header));
    expect(partnersSheet!.rows[0]).toEqual([
      "Bureau Name*",
      "Contact Name",
      "Email",
      "Phone",
      "Website",
      "Notes",
      "Commission",
    ]);
    // The rate as the fraction a percent-formatted cell holds: 25 %.
    expect(partnersSheet!.rows[1]![6]).toBe(0.25);
    expect(partnersSheet!.rows[0]).toEqual(BUREAU_PARTNER_COLUMNS.map((column) => column.header));

    // Events by date: the workshop of 2025 first.
    expect(eventsSheet!.rows).toHaveLength(3);
    const keynote = eventsSheet!.rows[2]!;
    const cell = (header: string) => keynote[EVENT_COLUMNS.findIndex((column) => column.header === header)];
    expect(cell("Event Name*")).toBe("Leadership Keynote");
    expect(cell("Date*")).toEqual(new Date("2026-03-14T00:00:00Z"));
    expect(cell("Speaking Fee*")).toBe(7500);
    expect(cell("Travel Fee")).toBe(1200.5);
    expect(cell("Gross Fee")).toBe(8700.5);
    expect(cell("Commission")).toBe(1875);
    expect(cell("Net Fee")).toBe(6825.5);
    expect(cell("Status*")).toBe("Confirmed");
    expect(cell("Industry") ?? null).toBeNull();
    expect(cell("Client*")).toBe("Acme Corporation");
    expect(cell("Bureau Partner")).toBe("Premier Bureau");
    expect(cell("Zip Code")).toBe("02134");
    expect(cell("Attendees")).toBe(450);
    expect(eventsSheet!.rows[1]![10]).toBe("Hold");

    expect(profileSheet!.rows[0]).toEqual(["Field", "Value"]);
    expect(profileSheet!.rows.slice(1).map((row) => row[0])).toEqual(
      PROFILE_FIELDS.map((field) => field.label),
    );
    expect(profileSheet!.rows[1]).toEqual(["Name", "Alex Morgan"]);
    expect(profileSheet!.rows[12]).toEqual(["Annual Goal", 250_000]);
  });

  it("formats dates as dates and money as currency, and never writes a formula", async () => {
    const { client } = await createSpeaker();
    const response = await client.get("/api/export/workbook");
    const zip = await JSZip.loadAsync(response.rawPayload);
    const styles = await zip.file("xl/styles.xml")!.async("string");
    expect(styles).toContain('formatCode="yyyy-mm-dd"');
    expect(styles).toContain('formatCode="&quot;$&quot;#,##0.00"');
    const strings = await zip.file("xl/sharedStrings.xml")!.async("string");
    for (const sheetFile of Object.keys(zip.files).filter((name) => name.startsWith("xl/worksheets/sheet"))) {
      const xml = await zip.file(sheetFile)!.async("string");
      expect(xml).not.toMatch(/<f[ >]/);
      // Text is a shared string (t="s"), which spreadsheet programs show as typed, never evaluate.
      expect(xml).not.toContain('t="str"');
    }
    const escaped = (text: string) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
    for (const text of formulaLike) expect(strings).toContain(`<t>${escaped(text)}</t>`);
    const sheets = await readXlsx(response.rawPayload);
    const values = sheets.flatMap((sheet) => sheet.rows.flat());
    for (const text of formulaLike) expect(values).toContain(text);
  });

  it("never shows another user's records", async () => {
    await createSpeaker();
    const user = await createUser(db);
    const client = createClient(app);
    await signIn(client, db, user, { freshCheck: true });
    const sheets = await readXlsx((await client.get("/api/export/workbook")).rawPayload);
    expect(sheets.map((sheet) => sheet.rows.length)).toEqual([1, 1, 1, 13]);
    expect(sheets[3]!.rows.slice(1).every((row) => row.length === 1)).toBe(true);
  });

  it("asks anonymous callers to sign in", async () => {
    const response = await createClient(app).get("/api/export/workbook");
    expect(response.statusCode).toBe(401);
  });
});

describe("GET /api/export-complete-data", () => {
  it("answers events, clients, bureau partners and the profile, money in dollars", async () => {
    const { client } = await createSpeaker();
    await createSpeaker();
    const response = await client.get("/api/export-complete-data");
    expect(response.statusCode).toBe(200);
    const data = response.json();
    expect(Object.keys(data).sort()).toEqual([
      "bureauPartners",
      "clients",
      "contracts",
      "events",
      "expenses",
      "invoices",
      "mileage",
      "mileageRates",
      "profile",
      "questionnaires",
      "testimonials",
    ]);
    expect(data.events).toHaveLength(2);
    expect(data.events[1]).toMatchObject({
      title: "Leadership Keynote",
      date: "2026-03-14",
      fee: 7500,
      travelFee: 1200.5,
      status: "confirmed",
      bureauPartnerName: "Premier Bureau",
      bureauRepName: "Dana Lee",
      contactName: "Jordan Smith",
      contactEmail: "jordan@acme.example",
      clientName: "Acme Corporation",
      clientCompany: "Acme Inc.",
      zipCode: "02134",
      time: "9:30 AM",
      attendees: 450,
    });
    expect(data.clients).toEqual([
      expect.objectContaining({
        name: "Acme Corporation",
        company: "Acme Inc.",
        email: "events@acme.example",
      }),
    ]);
    expect(data.bureauPartners).toEqual([
      expect.objectContaining({ name: "Premier Bureau", contactName: "Dana Lee" }),
    ]);
    expect(data.profile).toMatchObject({ name: "Alex Morgan", annualGoal: 250_000, city: null });
  });

  it("answers an empty account with empty lists and a blank profile", async () => {
    const user = await createUser(db);
    const client = createClient(app);
    await signIn(client, db, user, { freshCheck: true });
    const data = (await client.get("/api/export-complete-data")).json();
    expect(data.events).toEqual([]);
    expect(data.clients).toEqual([]);
    expect(data.bureauPartners).toEqual([]);
    expect(data.expenses).toEqual([]);
    expect(data.mileage).toEqual([]);
    expect(data.mileageRates).toEqual([]);
    expect(Object.values(data.profile).every((value) => value === null)).toBe(true);
  });
});

describe("GET /api/export-complete-data: invoices and contracts", () => {
  it("has invoices with lines, payments and activity, and contracts with their audit, without link tokens", async () => {
    const { client } = await createSpeaker();
    const event = (
      await client.post("/api/events", {
        title: "Export Summit",
        date: "2030-04-02",
        fee: 3000,
        contactName: "Ada Lovelace",
        contactEmail: "ada@example.com",
      })
    ).json();
    const invoice = (
      await client.post("/api/invoices", {
        eventId: event.id,
        items: [{ description: "Keynote", quantity: 1, unitPrice: 3000 }],
      })
    ).json();
    const sent = (await client.post(`/api/invoices/${invoice.id}/send`, { to: "ap@example.com" })).json();
    await client.post(`/api/invoices/${invoice.id}/payments`, {
      amount: 1000,
      date: "2030-01-10",
      method: "check",
      reference: "1042",
    });
    const contract = (await client.post(`/api/events/${event.id}/contracts`, {})).json();
    const sentContract = (
      await client.post(`/api/contracts/${contract.id}/send`, {
        signerName: "Ada Lovelace",
        signerEmail: "ada@example.com",
      })
    ).json();

    const response = await client.get("/api/export-complete-data");
    const data = response.json();
    expect(data.invoices).toHaveLength(1);
    expect(data.invoices[0]).toMatchObject({
      number: invoice.number,
      status: "partial",
      eventId: event.id,
      total: 3000,
      amountPaid: 1000,
      balanceDue: 2000,
      items: [{ description: "Keynote", quantity: 1, unitPrice: 3000, amount: 3000 }],
      payments: [{ amount: 1000, date: "2030-01-10", method: "check", reference: "1042" }],
    });
    expect(data.invoices[0].activity.map((entry: { type: string }) => entry.type)).toEqual([
      "created",
      "sent",
      "payment_recorded",
    ]);
    expect(data.contracts).toHaveLength(1);
    expect(data.contracts[0]).toMatchObject({
      id: contract.id,
      status: "sent",
      signer: { name: "Ada Lovelace", email: "ada@example.com" },
      clientSignature: null,
    });
    expect(data.contracts[0].audit.map((entry: { type: string }) => entry.type)).toEqual(["created", "sent"]);
    // The links' tokens are secrets: they are not in the export, in any field.
    const invoiceToken = String(sent.publicUrl).split("/").pop()!;
    const signingToken = String(sentContract.publicUrl).split("/").pop()!;
    expect(response.body).not.toContain(invoiceToken);
    expect(response.body).not.toContain(signingToken);
    expect(response.body).not.toContain("publicUrl");
    expect(response.body).not.toContain("tokenHash");

    const other = await createSpeaker();
    const theirs = (await other.client.get("/api/export-complete-data")).json();
    expect(theirs.invoices).toEqual([]);
    expect(theirs.contracts).toEqual([]);
  });
});

describe("GET /api/export-complete-data: expenses and mileage", () => {
  /** A speaker's expenses (one with a receipt and an event), two trips and a rate of their own. */
  async function speakerWithCosts(vendor: string, receipt: Buffer) {
    const { client } = await createSpeaker();
    const event = (
      await client.post("/api/events", { title: `${vendor} Summit`, date: "2025-05-20" })
    ).json();
    const file = await uploadOk(client, receipt, { filename: `${vendor}.pdf`, kind: "receipt" });
    const withReceipt = await client.post("/api/expenses", {
      date: "2025-05-19",
      amount: 412.35,
      category: "lodging",
      vendor,
      description: "Two nights",
      eventId: event.id,
      receiptFileId: file.id,
      billable: true,
    });
    const plain = await client.post("/api/expenses", {
      date: "2024-12-30",
      amount: 19.99,
      category: "office",
    });
    const trips = [
      await client.post("/api/mileage", {
        date: "2024-06-01",
        from: "Home",
        to: `${vendor} Hall`,
        purpose: "Site visit",
        miles: 12.5,
        roundTrip: true,
        eventId: event.id,
      }),
      await client.post("/api/mileage", {
        date: "2025-05-20",
        from: "Home",
        to: "Airport",
        purpose: "Keynote",
        miles: 10,
      }),
    ];
    const rates = await client.put("/api/mileage-rates", [{ year: 2025, centsPerMile: 72 }]);
    for (const response of [withReceipt, plain, ...trips, rates])
      expect(response.statusCode).toBeLessThan(300);
    return { client, event, file, expenseIds: [plain.json().id, withReceipt.json().id] };
  }

  it("has the speaker's expenses with their receipt's file reference, the mileage log and their own rates", async () => {
    const { client, event, file, expenseIds } = await speakerWithCosts("Marriott", samplePdf);
    const data = (await client.get("/api/export-complete-data")).json();

    // Oldest first, like the rest of the export.
    expect(data.expenses.map((expense: { id: string }) => expense.id)).toEqual(expenseIds);
    expect(data.expenses[0]).toMatchObject({
      date: "2024-12-30",
      amount: 19.99,
      category: "office",
      receipt: null,
    });
    expect(data.expenses[1]).toMatchObject({
      date: "2025-05-19",
      amount: 412.35,
      category: "lodging",
      vendor: "Marriott",
      description: "Two nights",
      eventId: event.id,
      eventTitle: "Marriott Summit",
      billable: true,
      receipt: {
        id: file.id,
        filename: "Marriott.pdf",
        contentType: "application/pdf",
        size: samplePdf.length,
      },
    });
    // The reference leads to the receipt itself.
    const content = await client.get(`/api/files/${data.expenses[1].receipt.id}/content`);
    expect(content.rawPayload.equals(samplePdf)).toBe(true);

    // Each trip at its year's rate: 2024's built-in 67 ¢ (25 miles counted), 2025's own 72 ¢.
    expect(data.mileage).toEqual([
      expect.objectContaining({
        date: "2024-06-01",
        from: "Home",
        to: "Marriott Hall",
        purpose: "Site visit",
        miles: 12.5,
        roundTrip: true,
        totalMiles: 25,
        eventId: event.id,
        rateCents: 67,
        deduction: 16.75,
      }),
      expect.objectContaining({
        date: "2025-05-20",
        to: "Airport",
        miles: 10,
        rateCents: 72,
        deduction: 7.2,
      }),
    ]);
    expect(data.mileageRates).toEqual([{ year: 2025, centsPerMile: 72 }]);
  });

  it("never holds another speaker's expenses, receipts, trips or rates", async () => {
    const mine = await speakerWithCosts("Hilton", samplePdf);
    const theirs = await speakerWithCosts("Sheraton", makePng(16, 16));
    await theirs.client.put("/api/mileage-rates", [{ year: 2023, centsPerMile: 60 }]);
    const response = await mine.client.get("/api/export-complete-data");
    const data = response.json();
    expect(data.expenses.map((expense: { id: string }) => expense.id)).toEqual(mine.expenseIds);
    expect(data.mileage.map((trip: { to: string }) => trip.to)).toEqual(["Hilton Hall", "Airport"]);
    expect(data.mileageRates).toEqual([{ year: 2025, centsPerMile: 72 }]);
    expect(response.body).not.toContain("Sheraton");
    expect(response.body).not.toContain(theirs.file.id);
    expect(response.body).not.toContain(theirs.event.id);
  });
});

describe("GET /api/import/template", () => {
  it("has the four sheets with headers only, and the guidance on a sheet that is never imported", async () => {
    const { client } = await createSpeaker();
    const response = await client.get("/api/import/template");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="podium-import-template.xlsx"',
    );
    const sheets = await readXlsx(response.rawPayload);
    expect(sheets.map((sheet) => sheet.name)).toEqual([
      "Events",
      "Clients",
      "Bureau Partners",
      "Profile",
      "How to fill",
    ]);
    expect(sheets[0]!.rows[0]).toEqual(EVENT_COLUMNS.map((column) => column.header));
    // No sample rows that an import would turn into records or into the profile (issue 12, item 3).
    expect(sheets.slice(0, 4).map((sheet) => sheet.rows.length)).toEqual([1, 1, 1, 1]);
    expect(sheets[3]!.rows[0]).toEqual(["Field", "Value"]);
    const guide = sheets[4]!.rows.flat().join(" ");
    expect(guide).toContain(PROFILE_FIELDS.map((field) => field.label).join(", "));
    expect(guide).toContain("This sheet is never imported");
  });
});
