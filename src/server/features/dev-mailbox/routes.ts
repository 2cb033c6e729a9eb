import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../platform/http/errors.ts";
import { listLatestMessages } from "./list-latest-messages.ts";
import { renderMailboxPage } from "./render-mailbox-page.ts";

const mailboxSchema = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string(),
      status: z.enum(["queued", "sent", "failed"]),
      createdAt: z.iso.datetime(),
    }),
  ),
});

/**
 * The development mailbox: every outbox message, readable without an SMTP server. Production answers
 * 404 explicitly, so no catch-all page route can ever serve these paths there.
 */
export async function devMailboxRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const hidden = { hide: true };

  if (app.config.isProduction) {
    const refuse = async () => {
      throw notFound("Not found");
    };
    routes.get("/dev/mailbox", { schema: hidden }, refuse);
    routes.get("/dev/mailbox.json", { schema: hidden }, refuse);
    return;
  }

  routes.get("/dev/mailbox", { schema: hidden }, async (_request, reply) => {
    const messages = await listLatestMessages(app.db);
    return reply
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(renderMailboxPage(messages));
  });

  routes.get(
    "/dev/mailbox.json",
    { schema: { ...hidden, response: { 200: mailboxSchema } } },
    async (_request, reply) => {
      const messages = await listLatestMessages(app.db);
      reply.header("cache-control", "no-store");
      return {
        messages: messages.map(({ id, to, subject, text, html, status, createdAt }) => ({
          id,
          to,
          subject,
          text,
          html,
          status,
          createdAt: createdAt.toISOString(),
        })),
      };
    },
  );
}
