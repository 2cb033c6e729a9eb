import { eq } from "drizzle-orm";
import { todayIn } from "../../../shared/calendar-dates.ts";
import type { NotificationSettings } from "../../../shared/schemas/follow-ups.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import { notificationSettings } from "../../platform/db/schema.ts";

const DEFAULTS: NotificationSettings = { digest: "off", digestHour: 7, timeZone: "UTC" };

/** The speaker's digest settings; the defaults until they save theirs. */
export async function getNotificationSettings(db: Queryable, userId: string): Promise<NotificationSettings> {
  const [row] = await db
    .select({
      digest: notificationSettings.digest,
      digestHour: notificationSettings.digestHour,
      timeZone: notificationSettings.timeZone,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row ?? DEFAULTS;
}

export async function saveNotificationSettings(
  db: Queryable,
  userId: string,
  input: NotificationSettings,
): Promise<NotificationSettings> {
  await db
    .insert(notificationSettings)
    .values(columns(notificationSettings, { userId, ...input }))
    .onConflictDoUpdate({ target: notificationSettings.userId, set: columns(notificationSettings, input) });
  return getNotificationSettings(db, userId);
}

/** The speaker's calendar day at `now`, in the time zone of their notification settings. */
export async function speakerToday(db: Queryable, userId: string, now: Date): Promise<string> {
  return todayIn((await getNotificationSettings(db, userId)).timeZone, now);
}
