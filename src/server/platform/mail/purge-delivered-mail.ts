import { and, isNull, lt, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { emailOutbox } from "../db/schema.ts";

/** Days a delivered e-mail keeps its bodies and attachments (links, invoices, signed contracts). */
export const DELIVERED_BODY_DAYS = 7;

/**
 * The periodic sweep's clean-up of the outbox: an e-mail delivered more than 7 days before `now` loses its
 * text, HTML and attachments, which carry live links and documents. Who it went to, its subject, status,
 * times and sender stay: the mail limits and the diagnostics count them. Queued and failed mail is kept
 * whole, so it can still be sent.
 */
export async function purgeDeliveredMail(db: Queryable, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - DELIVERED_BODY_DAYS * 86_400_000);
  await db
    .update(emailOutbox)
    .set({ text: "", html: "", attachments: null, bodyPurgedAt: now })
    // The status as a literal, so the partial index of the bodies still kept matches in every plan.
    .where(
      and(
        sql`${emailOutbox.status} = 'sent'`,
        isNull(emailOutbox.bodyPurgedAt),
        lt(emailOutbox.sentAt, cutoff),
      ),
    );
}
