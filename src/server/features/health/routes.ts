import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";

const healthSchema = z.object({
  status: z.literal("ok"),
  database: z.enum(["pglite", "postgres"]),
  version: z.string(),
});

const readinessPartSchema = z.enum(["database", "migrations", "storage", "shutdown"]);
const readySchema = z.object({ status: z.literal("ready") });
const notReadySchema = z.object({ error: z.string(), failing: z.array(readinessPartSchema) });

export async function healthRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Liveness: the process and its database answer. A restart is the cure when it fails.
  routes.get(
    "/api/health",
    { config: { isProbe: true }, schema: { tags: ["platform"], response: { 200: healthSchema } } },
    async () => {
      await app.db.execute(sql`select 1`);
      return {
        status: "ok" as const,
        database: app.database.kind,
        version: process.env.npm_package_version ?? "0.1.0",
      };
    },
  );

  // Readiness: whether to send this process traffic. Reasons go to the log, not to whoever asks.
  let lastFailing = "";
  routes.get(
    "/api/ready",
    {
      config: { isProbe: true },
      schema: { tags: ["platform"], response: { 200: readySchema, 503: notReadySchema } },
    },
    async (request, reply) => {
      const report = await app.readiness.check();
      const failing = report.isReady ? "" : JSON.stringify(report.failing);
      if (failing !== lastFailing) {
        if (report.isReady) request.log.info("ready again");
        else request.log.warn({ failing: report.failing }, "not ready");
        lastFailing = failing;
      }
      if (report.isReady) return { status: "ready" as const };
      const parts = report.failing.map((failure) => failure.part);
      return reply.status(503).send({ error: `Not ready: ${parts.join(", ")}`, failing: parts });
    },
  );
}
