import type { Writable } from "node:stream";
import { dollarsToCents } from "../../../shared/money.ts";
import { writeWorkbook } from "./export-workbook.ts";

/** One filled-in example per sheet, so a speaker sees what each column expects. */
export async function writeImportTemplate(output: Writable): Promise<void> {
  await writeWorkbook(output, {
    events: [
      [
        {
          title: "Leadership Keynote",
          date: new Date("2026-03-14T00:00:00Z"),
          venueName: "Grand Hyatt",
          streetAddress: "345 Stockton Street",
          city: "San Francisco",
          state: "CA",
          zipCode: "94108",
          fee: 7500,
          travelFee: 1200,
          grossFee: 8700,
          status: "Confirmed",
          description: "Opening keynote of the annual sales kickoff",
          notes: "AV check at 8:00 AM",
          source: "Referral",
          attendees: 450,
          time: "9:30 AM",
          industry: null,
          bureauPartnerName: "Premier Speakers Bureau",
          bureauRepName: "Dana Lee",
          contactName: "Jordan Smith",
          contactEmail: "jordan@acme.example",
          clientName: "Acme Corporation",
        },
      ],
    ],
    clients: [
      [
        {
          name: "Acme Corporation",
          email: "events@acme.example",
          phone: "(415) 555-0100",
          website: "https://acme.example",
          notes: "Books a keynote every spring",
        },
      ],
    ],
    bureauPartners: [
      [
        {
          name: "Premier Speakers Bureau",
          contactName: "Dana Lee",
          email: "dana@premier.example",
          phone: "(615) 555-0199",
          website: "https://premier.example",
          notes: "20% commission",
        },
      ],
    ],
    profile: {
      name: "Alex Morgan",
      title: "Keynote Speaker and Author",
      businessName: "Morgan Speaking LLC",
      phone: "(512) 555-0142",
      email: "alex@morgan.example",
      website: "https://morgan.example",
      address: "100 Congress Avenue",
      city: "Austin",
      state: "TX",
      zipCode: "78701",
      bio: "Alex helps teams lead through change.",
      annualGoal: dollarsToCents(250_000),
    },
  });
}
