import { desc, eq } from "drizzle-orm";
import type { Database } from "../server/platform/db/client.ts";
import { emailOutbox } from "../server/platform/db/schema.ts";
import { insertOutboxMessage, type Mailer } from "../server/platform/mail/mailer.ts";

/** A mailer for API tests: mail is written to the outbox as in production, and read back from there. */
export function createRecordingMailer() {
  const dispatched: string[] = [];
  const mailer: Mailer & { dispatched: string[] } = {
    dispatched,
    queue: insertOutboxMessage,
    dispatch: async (ids) => {
      dispatched.push(...ids);
    },
  };
  return mailer;
}

/** Every outbox message sent to an address, newest first. */
export async function mailTo(db: Database, address: string) {
  return db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, address))
    .orderBy(desc(emailOutbox.createdAt));
}
