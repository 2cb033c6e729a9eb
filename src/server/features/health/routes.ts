import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";

const healthSchema = z.object({
  status: z.literal("ok"),
  database: z.enum(["pglite", "postgres"]),
  version: z.string(),
});

const readySchema = z.object({
  status: z.literal("ready"),
  database: z.literal("ok"),
  migrations: z.literal("ok"),
  storage: z.literal("ok"),
});
/** Each part "ok" or a short reason; or the shutdown under way. */
const notReadySchema = z.union([
  z.object({
    status: z.literal("unready"),
    database: z.string(),
    migrations: z.string(),
    storage: z.string(),
  }),
  z.object({ status: z.literal("draining") }),
]);

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

  // Readiness: whether to send this process traffic. The errors behind a failure go to the log.
  let lastReport = "";
  routes.get(
    "/api/ready",
    {
      config: { isProbe: true },
      schema: { tags: ["platform"], response: { 200: readySchema, 503: notReadySchema } },
    },
    async (request, reply) => {
      const { report, causes } = await app.readiness.check();
      const reportText = JSON.stringify(report);
      if (reportText !== lastReport) {
        if (report.status === "unready")
          request.log.warn({ report, causes: messagesOf(causes) }, "not ready");
        else if (report.status === "ready" && lastReport !== "") request.log.info("ready again");
      }
      lastReport = reportText;
      if (report.status === "ready") return report;
      return reply.status(503).send(report);
    },
  );
}

function messagesOf(causes: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(causes).map(([part, error]) => [
      part,
      error instanceof Error ? error.message : String(error),
    ]),
  );
}
