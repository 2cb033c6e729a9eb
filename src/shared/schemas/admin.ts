import { z } from "zod";
import { subscriptionStatusValueSchema } from "./billing.ts";
import { idSchema, instantSchema, pageQuery } from "./fields.ts";
import { userFactorsSchema } from "./security.ts";

/** How many weeks the signups chart covers, the current week included. */
export const SIGNUP_WEEKS = 12;

/** GET /api/admin/stats: the health of the whole installation (DESIGN §10). */
export const adminStatsSchema = z.object({
  users: z.object({
    total: z.number().int(),
    verified: z.number().int(),
    trialing: z.number().int(),
    active: z.number().int(),
    lapsed: z.number().int(),
    admins: z.number().int(),
    disabled: z.number().int(),
    /** Logins that belong to another speaker's team (DESIGN §11). */
    members: z.number().int(),
  }),
  /** Oldest first; weeks start on Monday (UTC). */
  signupsByWeek: z.array(z.object({ weekStart: z.string(), count: z.number().int() })),
  /** Monthly recurring revenue in dollars. */
  mrr: z.number(),
  events: z.number().int(),
  mail: z.object({ queued: z.number().int(), failed: z.number().int() }),
  storage: z.object({
    /** The database's size on disk, measured at most once a minute. */
    databaseBytes: z.number().int(),
    /** The bytes of every uploaded file in the object store, current to the last upload or delete. */
    fileBytes: z.number().int(),
  }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const adminUserQuerySchema = z.object({
  q: pageQuery.q,
  limit: pageQuery.limit,
  cursor: pageQuery.cursor,
});

/** An account as an admin sees it: facts about the account, never its events, clients or files. */
export const adminUserSchema = z.object({
  id: idSchema,
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  role: z.enum(["user", "admin"]),
  disabled: z.boolean(),
  trialEndsAt: instantSchema,
  /** Whether the account pays, as `/api/subscription-status` says it (everyone is active with billing off). */
  subscription: z.object({
    status: subscriptionStatusValueSchema,
    /** The end of the period paid for; null before a subscription. */
    currentPeriodEnd: instantSchema.nullable(),
    cancelAtPeriodEnd: z.boolean(),
  }),
  createdAt: instantSchema,
  lastSeenAt: instantSchema.nullable(),
  counts: z.object({ events: z.number().int(), clients: z.number().int(), sessions: z.number().int() }),
  /** Which second factors the account has (issue 35); the admin can reset them. */
  factors: userFactorsSchema,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** PATCH /api/admin/users/:id. */
export const adminUserPatchSchema = z
  .object({
    role: z.enum(["user", "admin"], { error: "Role must be user or admin" }).optional(),
    disabled: z.boolean({ error: "Disabled must be true or false" }).optional(),
    /** Support extends or ends a trial (DESIGN §10). */
    trialEndsAt: z.iso
      .datetime({ offset: true, message: "Enter the trial's end as an ISO date and time" })
      .optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { message: "Nothing to change", path: ["body"] });
export type AdminUserPatch = z.infer<typeof adminUserPatchSchema>;

export const AUDIT_ACTIONS = [
  "user.role_changed",
  "user.disabled",
  "user.enabled",
  "user.trial_changed",
  "user.verification_resent",
  "mail.failed_retried",
  "announcement.created",
  "announcement.updated",
  "announcement.deleted",
  "billing.cancel_refused",
  "user.factors_reset",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  id: idSchema,
  action: z.string(),
  actorUsername: z.string(),
  targetUsername: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: instantSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
