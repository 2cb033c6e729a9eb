import { and, desc, eq, isNull, lte, notExists, or, type SQL, sql } from "drizzle-orm";
import type { ActiveAnnouncement, Announcement } from "../../../shared/schemas/announcements.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { announcementDismissals, announcements, users } from "../../platform/db/schema.ts";
import { isSubscribedSql, isTrialingSql } from "../admin/subscription-standing.ts";

type AnnouncementRow = typeof announcements.$inferSelect;

export function toAnnouncement(row: AnnouncementRow): Announcement {
  return {
    ...row,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Shown at `now`: started (or without a start) and not yet ended. */
function isLiveSql(now: Date): SQL {
  const at = now.toISOString();
  return and(
    or(isNull(announcements.startsAt), lte(announcements.startsAt, sql`${at}::timestamptz`)),
    or(isNull(announcements.endsAt), sql`${announcements.endsAt} > ${at}::timestamptz`),
  )!;
}

/** True when the audience of the announcement includes the user of the joined users row. */
function isInAudienceSql(now: Date): SQL {
  return sql`(${announcements.audience} = 'all'
    or (${announcements.audience} = 'trialing' and ${isTrialingSql(now)})
    or (${announcements.audience} = 'subscribed' and ${isSubscribedSql(now)}))`;
}

/** The announcements a speaker sees at `now`: live, meant for them, not dismissed; newest first. */
export async function listActiveAnnouncements(
  db: Queryable,
  userId: string,
  now: Date,
): Promise<ActiveAnnouncement[]> {
  return db
    .select({
      id: announcements.id,
      title: announcements.title,
      body: announcements.body,
      severity: announcements.severity,
    })
    .from(announcements)
    .innerJoin(users, eq(users.id, userId))
    .where(
      and(
        isLiveSql(now),
        isInAudienceSql(now),
        notExists(
          db
            .select({ one: sql`1` })
            .from(announcementDismissals)
            .where(
              and(
                eq(announcementDismissals.userId, userId),
                eq(announcementDismissals.announcementId, announcements.id),
              ),
            ),
        ),
      ),
    )
    .orderBy(desc(announcements.createdAt));
}

/** Records that the user dismissed the announcement for good; false when no such announcement exists. */
export async function dismissAnnouncement(db: Queryable, userId: string, announcementId: string) {
  const [found] = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(eq(announcements.id, announcementId));
  if (!found) return false;
  await db.insert(announcementDismissals).values({ userId, announcementId }).onConflictDoNothing();
  return true;
}

export async function listAllAnnouncements(db: Queryable): Promise<Announcement[]> {
  const rows = await db.select().from(announcements).orderBy(desc(announcements.createdAt));
  return rows.map(toAnnouncement);
}
