import type { FastifyInstance } from "fastify";
import type { ContactMessageInput } from "../../../shared/schemas/contact.ts";
import { columns } from "../../platform/db/columns.ts";
import { contactMessages } from "../../platform/db/schema.ts";
import { renderEmail } from "../../platform/mail/render.ts";

type Sender = { id: string; username: string } | null;

/**
 * Stores a contact message and mails it to SUPPORT_EMAIL in one transaction, so support receives
 * exactly the messages that were stored; replies go straight to the visitor.
 */
export async function sendContactMessage(app: FastifyInstance, input: ContactMessageInput, sender: Sender) {
  const outboxId = await app.db.transaction(async (tx) => {
    await tx
      .insert(contactMessages)
      .values(columns(contactMessages, { ...input, userId: sender?.id ?? null }));
    // A name is one line in the subject, whatever the visitor typed.
    const name = input.name.replace(/\s+/g, " ");
    return app.mailer.queue(tx, {
      ...renderEmail({
        to: app.config.SUPPORT_EMAIL,
        subject: `Contact message from ${name}`,
        paragraphs: [
          `From: ${name} <${input.email}>`,
          sender ? `Signed in as: ${sender.username}` : "Not signed in",
          input.message,
        ],
      }),
      replyTo: input.email,
    });
  });
  await app.mailer.dispatch([outboxId]);
}
