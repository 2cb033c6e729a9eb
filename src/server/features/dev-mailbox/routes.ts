import { BlockList, isIPv6 } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
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

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** Headers a proxy adds: a request that passed through one came from wherever the proxy's client is. */
const PROXY_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

/**
 * Whether the request comes straight from this machine: judged by the socket's address (never
 * `request.ip`, which TRUST_PROXY may take from a header), and refused when any proxy header is present,
 * since a proxy on this machine would make every visitor look local.
 */
function isFromThisMachine(request: FastifyRequest): boolean {
  if (PROXY_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  const address = request.socket.remoteAddress;
  return address !== undefined && loopback.check(address, isIPv6(address) ? "ipv6" : "ipv4");
}

/**
 * The development mailbox: every outbox message (live reset and signing links among them), readable
 * without an SMTP server. It exists only while no mail can leave (SMTP_URL unset, not production) and only
 * for a browser on the server's own machine; everyone else gets 404, answered explicitly so that no
 * catch-all page route can ever serve these paths.
 */
export async function devMailboxRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const hidden = { hide: true };
  const refuse = async () => {
    throw notFound("Not found");
  };

  if (app.config.isProduction || app.config.SMTP_URL) {
    routes.get("/dev/mailbox", { schema: hidden }, refuse);
    routes.get("/dev/mailbox.json", { schema: hidden }, refuse);
    return;
  }

  routes.addHook("onRequest", async (request) => {
    if (!isFromThisMachine(request)) await refuse();
  });

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
