import { PassThrough } from "node:stream";
import { writeWorkbook } from "../src/server/features/data-management/export-workbook.ts";

export const EVENT_COUNT = 10_000;

/** A 10,000-event workbook in the export format: 500 clients on their sheet, 20 bureau partners named only by events. */
export async function buildBenchWorkbook(): Promise<Buffer> {
  const statuses = ["Inquiry", "Hold", "Confirmed", "Postponed", "Completed", "Cancelled"];
  const events = Array.from({ length: EVENT_COUNT }, (_, i) => ({
    title: `${["Keynote", "Workshop", "Panel", "Retreat"][i % 4]} ${i}`,
    date: new Date(Date.UTC(2020 + (i % 8), i % 12, 1 + (i % 28))),
    venueName: `Venue ${i % 400}`,
    streetAddress: `${100 + (i % 900)} Main Street`,
    city: ["Austin", "Denver", "Chicago", "Boston"][i % 4]!,
    state: ["TX", "CO", "IL", "MA"][i % 4]!,
    zipCode: String(10_000 + (i % 89_999)),
    fee: 2500 + (i % 40) * 250,
    travelFee: (i % 5) * 150,
    grossFee: 2500 + (i % 40) * 250 + (i % 5) * 150,
    status: statuses[i % statuses.length]!,
    description: "An interactive session on leading teams through change, with Q&A.",
    notes: i % 3 === 0 ? "Send slides a week ahead" : null,
    source: ["Referral", "Website", "Bureau"][i % 3]!,
    attendees: 50 + (i % 950),
    time: "9:30 AM",
    industry: null,
    bureauPartnerName: i % 2 === 0 ? `Bureau ${i % 20}` : null,
    bureauRepName: i % 2 === 0 ? "Dana Lee" : null,
    contactName: "Jordan Smith",
    contactEmail: `contact${i % 500}@client.example`,
    clientName: `Client ${i % 500}`,
    commission: null,
    netFee: 2500 + (i % 40) * 250 + (i % 5) * 150,
    contactPhone: null,
    arrivalTime: null,
  }));
  const clients = Array.from({ length: 500 }, (_, i) => ({
    name: `Client ${i}`,
    email: `contact${i}@client.example`,
    phone: "(512) 555-0100",
    website: `https://client${i}.example`,
    notes: null,
    company: null,
  }));
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => output.on("end", resolve));
  await writeWorkbook(output, {
    events: [events],
    clients: [clients],
    bureauPartners: [],
    profile: {
      name: "Bench Speaker",
      title: null,
      businessName: null,
      phone: null,
      email: null,
      website: null,
      address: null,
      city: null,
      state: null,
      zipCode: null,
      bio: null,
      annualGoal: 25_000_000,
    },
  });
  await ended;
  return Buffer.concat(chunks);
}
