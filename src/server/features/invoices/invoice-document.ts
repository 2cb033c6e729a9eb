import { and, eq } from "drizzle-orm";
import { todayIn } from "../../../shared/calendar-dates.ts";
import { dollarsFromCents, percentFromBasisPoints } from "../../../shared/money.ts";
import type { InvoiceView } from "../../../shared/schemas/invoices.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { clients, events, files, invoiceSettings } from "../../platform/db/schema.ts";
import { renderInWorker } from "../../platform/pdf/render-in-worker.ts";
import { renderOncePerVersion } from "../../platform/pdf/render-once.ts";
import { readBytes } from "../../platform/storage/object-bytes.ts";
import type { ObjectStore } from "../../platform/storage/object-store.ts";
import { getSpeakerProfile } from "../profile/speaker-profile.ts";
import { invoicePdfJob } from "./invoice-pdf.ts";
import { type InvoiceRow, isOverdue, itemsOf } from "./queries.ts";
import { loadSettingsRow } from "./settings.ts";

/** Everything the PDF, the public page and the e-mails show of one invoice. */
export async function loadInvoiceDocument(db: Queryable, row: InvoiceRow, now: Date) {
  const userId = row.userId;
  const [profile, settings, items, event, client] = await Promise.all([
    getSpeakerProfile(db, userId),
    loadSettingsRow(db, userId),
    itemsOf(db, userId, [row.id]),
    row.eventId
      ? db
          .select()
          .from(events)
          .where(and(eq(events.userId, userId), eq(events.id, row.eventId)))
          .then((rows) => rows[0] ?? null)
      : null,
    row.clientId
      ? db
          .select()
          .from(clients)
          .where(and(eq(clients.userId, userId), eq(clients.id, row.clientId)))
          .then((rows) => rows[0] ?? null)
      : null,
  ]);
  const view: InvoiceView = {
    number: row.number,
    status: row.status,
    isOverdue: isOverdue(row, todayIn(settings.timeZone, now)),
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    from: {
      name: profile.name,
      businessName: profile.businessName,
      email: profile.email,
      phone: profile.phone,
      address:
        settings.businessAddress ??
        ([profile.address, [profile.city, profile.state, profile.zipCode].filter(Boolean).join(", ")]
          .filter(Boolean)
          .join("\n") ||
          null),
    },
    billTo: {
      name: client?.name ?? event?.contactName ?? null,
      company: client?.company ?? null,
    },
    event: event
      ? {
          title: event.title,
          date: event.date,
          venueName: event.venueName,
          city: event.city,
          state: event.state,
        }
      : null,
    items: items.map((item) => ({
      description: item.description,
      quantity: item.quantityHundredths / 100,
      unitPrice: dollarsFromCents(item.unitPrice),
      amount: dollarsFromCents(item.amount),
    })),
    subtotal: dollarsFromCents(row.subtotal),
    taxRate: percentFromBasisPoints(row.taxRateBasisPoints),
    tax: dollarsFromCents(row.tax),
    total: dollarsFromCents(row.total),
    amountPaid: dollarsFromCents(row.amountPaid),
    balanceDue: dollarsFromCents(row.total - row.amountPaid),
    paymentInstructions: settings.paymentInstructions,
    notes: row.notes,
    canPayByCard: false, // the public route decides, knowing whether Stripe is configured
    hasLogo: settings.logoFileId !== null,
  };
  return {
    view,
    logoFileId: settings.logoFileId,
    /** Whom `plannerAddress` may write to: the event's contact, the invoice's client. */
    planner: {
      contact: event ? { name: event.contactName, email: event.contactEmail } : undefined,
      client: client ? { name: client.name, email: client.email } : null,
    },
    speakerEmail: profile.email,
  };
}

export type InvoiceDocument = Awaited<ReturnType<typeof loadInvoiceDocument>>;

/** Which of the speaker's stored renderings is this invoice's PDF. */
export const invoicePdfDocument = (invoiceId: string) => `invoice-${invoiceId}`;

/**
 * The invoice's PDF, rendered on a PDF thread once per version of what it shows (the invoice and the logo)
 * and kept in storage: its public link, the speaker's download and the e-mail attachment serve the stored
 * bytes until something on it changes.
 */
export async function invoicePdfBytes(
  db: Queryable,
  store: ObjectStore,
  row: InvoiceRow,
  document: InvoiceDocument,
): Promise<Buffer> {
  const logo = await findLogo(db, row.userId, document.logoFileId);
  return renderOncePerVersion(
    store,
    {
      userId: row.userId,
      document: invoicePdfDocument(row.id),
      shows: { invoice: document.view, logo: logo?.sha256 ?? null },
    },
    async () =>
      renderInWorker(invoicePdfJob, {
        invoice: document.view,
        logo: logo && { bytes: await readBytes(store, logo.storageKey), contentType: logo.contentType },
      }),
  );
}

/** The logo the settings name (a PNG or JPEG of this speaker), if any. */
async function findLogo(db: Queryable, userId: string, fileId: string | null) {
  if (!fileId) return null;
  const [row] = await db
    .select({ storageKey: files.storageKey, contentType: files.contentType, sha256: files.sha256 })
    .from(files)
    .where(and(eq(files.userId, userId), eq(files.id, fileId)));
  return row ?? null;
}

/** The speaker's invoice logo as a stored file, for the public page. */
export async function findLogoFile(db: Queryable, userId: string) {
  const [row] = await db
    .select({
      storageKey: files.storageKey,
      filename: files.filename,
      contentType: files.contentType,
      size: files.size,
    })
    .from(invoiceSettings)
    .innerJoin(files, and(eq(files.id, invoiceSettings.logoFileId), eq(files.userId, userId)))
    .where(eq(invoiceSettings.userId, userId));
  return row;
}
