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

/** PATCH /api/admin/users/:id (DESIGN §10): support extends or ends a trial. */
export const adminUserUpdateSchema = z.object({
  trialEndsAt: z.iso.datetime({ offset: true, message: "Enter the trial's end as an ISO date and time" }),
});
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(["user", "admin"]),
  trialEndsAt: z.string(),
});
