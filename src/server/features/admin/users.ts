import { and, asc, eq, gt, ilike, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AdminUser } from "../../../shared/schemas/admin.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { containsPattern } from "../../platform/db/like.ts";
import {
  clients,
  events,
  passkeys,
  recoveryCodes,
  sessions,
  subscriptions,
  totpFactors,
  users,
} from "../../platform/db/schema.ts";
import { buildPage, decodeCursor } from "../../platform/http/cursor.ts";
import { BILLING_OFF_STATUS, deriveSubscriptionStatus } from "../billing/subscription-status.ts";

/** What an account's subscription status depends on besides the account: billing on or off, and the time. */
export type BillingView = { billingEnabled: boolean; now: Date };

/** The billing view of a request answered now: billing is on when the STRIPE_* variables are set. */
export const billingViewNow = (app: FastifyInstance): BillingView => ({
  billingEnabled: app.config.stripe !== null,
  now: new Date(),
});

// Drizzle leaves columns unqualified inside a selected sql``, where "id" would name the subquery's own.
const userId = sql.raw(`"users"."id"`);

/** Facts about an account and how much it holds; never the contents of its events, clients or files. */
const adminUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  emailVerifiedAt: users.emailVerifiedAt,
  role: users.role,
  disabledAt: users.disabledAt,
  trialEndsAt: users.trialEndsAt,
  subscriptionStatus: subscriptions.status,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
  cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
  createdAt: users.createdAt,
  lastSeenAt: sql<Date | null>`(select max(s.last_seen_at) from ${sessions} s where s.user_id = ${userId})`,
  eventCount: sql<number>`(select count(*)::int from ${events} e where e.user_id = ${userId})`,
  clientCount: sql<number>`(select count(*)::int from ${clients} c where c.user_id = ${userId})`,
  sessionCount: sql<number>`(select count(*)::int from ${sessions} s where s.user_id = ${userId} and s.expires_at > now())`,
  hasTotp: sql<boolean>`exists (select 1 from ${totpFactors} t where t.user_id = ${userId} and t.enabled_at is not null)`,
  passkeyCount: sql<number>`(select count(*)::int from ${passkeys} p where p.user_id = ${userId})`,
  recoveryCodesLeft: sql<number>`(select count(*)::int from ${recoveryCodes} r where r.user_id = ${userId} and r.used_at is null)`,
};

type AdminUserRow = {
  id: string;
  username: string;
  email: string;
  emailVerifiedAt: Date | null;
  role: "user" | "admin";
  disabledAt: Date | null;
  trialEndsAt: Date;
  subscriptionStatus: (typeof subscriptions.$inferSelect)["status"];
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean | null;
  createdAt: Date;
  lastSeenAt: Date | string | null;
  eventCount: number;
  clientCount: number;
  sessionCount: number;
  hasTotp: boolean;
  passkeyCount: number;
  recoveryCodesLeft: number;
};

function toAdminUser(row: AdminUserRow, billing: BillingView): AdminUser {
  const subscription = billing.billingEnabled
    ? deriveSubscriptionStatus({ ...row, status: row.subscriptionStatus }, billing.now)
    : BILLING_OFF_STATUS;
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    role: row.role,
    disabled: row.disabledAt !== null,
    trialEndsAt: row.trialEndsAt.toISOString(),
    subscription: {
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    },
    createdAt: row.createdAt.toISOString(),
    // A subquery's timestamp comes back as text from the driver.
    lastSeenAt: row.lastSeenAt === null ? null : new Date(row.lastSeenAt).toISOString(),
    counts: { events: row.eventCount, clients: row.clientCount, sessions: row.sessionCount },
    factors: { totp: row.hasTotp, passkeys: row.passkeyCount, recoveryCodesLeft: row.recoveryCodesLeft },
  };
}

/** Accounts whose username or e-mail contains `q`, by username. */
export async function searchUsers(
  db: Queryable,
  query: { q?: string; limit: number; cursor?: string },
  billing: BillingView,
) {
  const after = query.cursor ? decodeCursor(query.cursor, "username", "string") : undefined;
  const pattern = query.q ? containsPattern(query.q) : undefined;
  const rows = await db
    .select(adminUserColumns)
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(
      and(
        pattern ? or(ilike(users.username, pattern), ilike(users.email, pattern)) : undefined,
        after
          ? or(
              gt(users.username, after.key as string),
              and(eq(users.username, after.key as string), gt(users.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(users.username), asc(users.id))
    .limit(query.limit + 1);
  return buildPage(rows, {
    limit: query.limit,
    sort: "username",
    keyOf: (row) => row.username,
    toItem: (row) => toAdminUser(row, billing),
  });
}

export async function findAdminUser(
  db: Queryable,
  id: string,
  billing: BillingView,
): Promise<AdminUser | undefined> {
  const [row] = await db
    .select(adminUserColumns)
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, id));
  return row ? toAdminUser(row, billing) : undefined;
}
