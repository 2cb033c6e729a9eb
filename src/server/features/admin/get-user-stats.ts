import { sql } from "drizzle-orm";
import type { AdminStats } from "../../../shared/schemas/admin.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { users } from "../../platform/db/schema.ts";

/** Counts across every account: the one query in Podium that is not scoped to a user, on purpose. */
export async function getUserStats(db: Queryable): Promise<AdminStats["users"]> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      verified: sql<number>`(count(*) filter (where ${users.emailVerifiedAt} is not null))::int`,
      admins: sql<number>`(count(*) filter (where ${users.role} = 'admin'))::int`,
      newLast30Days: sql<number>`(count(*) filter (where ${users.createdAt} > now() - interval '30 days'))::int`,
    })
    .from(users);
  return row!;
}
