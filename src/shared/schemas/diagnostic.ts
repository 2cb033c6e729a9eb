import { z } from "zod";
import { instantSchema } from "./fields.ts";

/** GET /api/diagnostic: what support asks for, from the server's side (DESIGN §10). */
export const diagnosticSchema = z.object({
  version: z.string(),
  database: z.enum(["pglite", "postgres"]),
  serverTime: instantSchema,
  session: z.object({ createdAt: instantSchema, expiresAt: instantSchema }),
  mail: z.object({ queued: z.number().int(), failed: z.number().int() }),
  requestId: z.string(),
  clientIp: z.string(),
});
export type Diagnostic = z.infer<typeof diagnosticSchema>;
