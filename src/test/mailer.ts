import { desc, eq } from "drizzle-orm";
import { loadConfig } from "../server/config.ts";
import type { Database } from "../server/platform/db/client.ts";
import { emailOutbox } from "../server/platform/db/schema.ts";
import { createOutboxMailer, type Mailer } from "../server/platform/mail/mailer.ts";
import { type MailLimits, mailLimitsOf } from "../server/platform/mail/third-party-mail.ts";

/**
 * A mailer for API tests: mail is written to the outbox as in production (with the mail limits of the
 * configuration, the defaults unless given), and read back from there.
 */
export function createRecordingMailer(limits: MailLimits = mailLimitsOf(loadConfig({ NODE_ENV: "test" }))) {
  const dispatched: string[] = [];
  const mailer: Mailer & { dispatched: string[] } = {
    ...createOutboxMailer(limits, async (ids) => {
      dispatched.push(...ids);
    }),
    dispatched,
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
