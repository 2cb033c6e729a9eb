import type { Config } from "../../config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { insertOutboxMessage, type Mailer } from "./mailer.ts";

/**
 * Starts e-mail delivery. This first version only records mail in the outbox; delivery through
 * pg-boss (SMTP or the development mailbox) is wired here by the mail capability.
 */
export async function startMailDelivery(_deps: { config: Config; database: DatabaseHandle }) {
  const mailer: Mailer = { queue: insertOutboxMessage, dispatch: async () => {} };
  return { mailer, stop: async () => {} };
}
