import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { emailOutbox } from "../../platform/db/schema.ts";
import { recordAdminAction } from "./audit-log.ts";

/**
 * Queues every failed e-mail again with a fresh count of attempts. The outbox sweep (platform/mail) picks
 * queued rows up within a minute, whatever became of their earlier delivery job.
 */
export async function retryFailedMail(app: FastifyInstance, request: FastifyRequest) {
  return app.db.transaction(async (tx) => {
    const rows = await tx
      .update(emailOutbox)
      .set({ status: "queued", attempts: 0, lastError: null })
      .where(eq(emailOutbox.status, "failed"))
      .returning({ id: emailOutbox.id });
    await recordAdminAction(tx, request, { action: "mail.failed_retried", detail: { count: rows.length } });
    return { requeued: rows.length };
  });
}
