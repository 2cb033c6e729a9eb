import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";

const healthSchema = z.object({
  status: z.literal("ok"),
  database: z.enum(["pglite", "postgres"]),
  version: z.string(),
});

export async function healthRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/api/health", { schema: { tags: ["platform"], response: { 200: healthSchema } } }, async () => {
      await app.db.execute(sql`select 1`);
      return {
        status: "ok" as const,
        database: app.database.kind,
        version: process.env.npm_package_version ?? "0.1.0",
      };
    });
}
