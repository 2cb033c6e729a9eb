import { dollarsFromCents } from "../../../shared/money.ts";
import type { CompleteExport, ExportedEvent } from "../../../shared/schemas/data-management.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { exportContracts } from "../contracts/queries.ts";
import { exportExpenses } from "../expenses/expense-queries.ts";
import { exportMileage } from "../expenses/mileage-queries.ts";
import { exportInvoices } from "../invoices/queries.ts";
import { exportQuestionnaires } from "../questionnaires/export-questionnaires.ts";
import { listTestimonials } from "../testimonials/manage-testimonials.ts";
import {
  type ExportEventRow,
  pageBureauPartners,
  pageClients,
  pageEvents,
  readProfile,
} from "./read-account.ts";

function toExportedEvent(row: ExportEventRow): ExportedEvent {
  const { clientId: _clientId, bureauPartnerId: _bureauPartnerId, fee, travelFee, ...fields } = row;
  return { ...fields, fee: dollarsFromCents(fee), travelFee: dollarsFromCents(travelFee) };
}

async function collect<Row, Item>(pages: AsyncIterable<Row[]>, map: (row: Row) => Item): Promise<Item[]> {
  const items: Item[] = [];
  for await (const page of pages) for (const row of page) items.push(map(row));
  return items;
}

/**
 * Everything the user owns as spec §7's `{ events, clients, bureauPartners, profile }`, money in dollars,
 * with their invoices and contracts (issue 15) and none of their links' secrets, and their expenses (a
 * receipt as its file's reference), mileage log and the mileage rates they set (issue 17).
 */
export async function buildCompleteExport(db: Queryable, userId: string, now: Date): Promise<CompleteExport> {
  const profile = await readProfile(db, userId);
  const mileage = await exportMileage(db, userId);
  return {
    events: await collect(pageEvents(db, userId), toExportedEvent),
    clients: await collect(pageClients(db, userId), (client) => client),
    bureauPartners: await collect(pageBureauPartners(db, userId), (partner) => partner),
    profile: {
      ...profile,
      annualGoal: profile.annualGoal === null ? null : dollarsFromCents(profile.annualGoal),
    },
    invoices: await exportInvoices(db, userId, now),
    contracts: await exportContracts(db, userId),
    expenses: await exportExpenses(db, userId),
    mileage: mileage.trips,
    mileageRates: mileage.rates,
    questionnaires: await exportQuestionnaires(db, userId),
    testimonials: (await listTestimonials(db, userId)).items,
  };
}
