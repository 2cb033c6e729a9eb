import { and, eq, isNotNull } from "drizzle-orm";
import { hmac, sha256 } from "../../platform/auth/tokens.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { invoices } from "../../platform/db/schema.ts";

/** What names an invoice's current link: its id and how many times the link was issued. */
export type InvoiceLinkOf = { id: string; linkVersion: number };

/**
 * The public link's token: an HMAC of the invoice id and link version under the invoice links' own key
 * (256 bits; decisions 023 and 037). The database keeps only its SHA-256, yet the speaker's page, a resend and
 * every reminder can show the same link without storing it; a re-issue raises the version.
 */
export function invoiceToken(linkKey: string, invoice: InvoiceLinkOf): string {
  return hmac(linkKey, `invoice-link:${invoice.id}:${invoice.linkVersion}`);
}

export const invoiceTokenHash = (token: string) => sha256(token);

export const invoiceUrl = (appUrl: string, linkKey: string, invoice: InvoiceLinkOf) =>
  `${appUrl}/i/${invoiceToken(linkKey, invoice)}`;

/**
 * Stores again the hash of every sent invoice's link under `linkKey`, after the invoice links' key changed
 * (decision 037): the links already e-mailed stop, and the speaker's page and reminders give the new ones.
 */
export async function rehashInvoiceLinks(db: Queryable, linkKey: string) {
  const sent = await db
    .select({ id: invoices.id, userId: invoices.userId, linkVersion: invoices.linkVersion })
    .from(invoices)
    .where(isNotNull(invoices.tokenHash));
  for (const invoice of sent) {
    await db
      .update(invoices)
      .set({ tokenHash: invoiceTokenHash(invoiceToken(linkKey, invoice)) })
      .where(and(eq(invoices.userId, invoice.userId), eq(invoices.id, invoice.id)));
  }
}
