import { z } from "zod";

/** GET /api/admin/stats: account counts for the admin dashboard. */
export const adminStatsSchema = z.object({
  users: z.object({
    total: z.number().int(),
    verified: z.number().int(),
    admins: z.number().int(),
    newLast30Days: z.number().int(),
  }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
