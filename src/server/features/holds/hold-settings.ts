import { eq } from "drizzle-orm";
import { addDays } from "../../../shared/calendar-dates.ts";
import {
  DEFAULT_NEW_FIRST_HOLD_TEMPLATE,
  type HoldSettings,
  type HoldSettingsInput,
} from "../../../shared/schemas/holds.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import { holdSettings } from "../../platform/db/schema.ts";
import { speakerToday } from "../follow-ups/notification-settings.ts";

const DEFAULTS: HoldSettings = {
  defaultExpiryDays: 14,
  notifyNewFirstHold: false,
  showAvailabilityOnInquiryForm: false,
  newFirstHoldTemplate: DEFAULT_NEW_FIRST_HOLD_TEMPLATE,
};

/** The speaker's hold settings; the defaults until they save theirs. */
export async function getHoldSettings(db: Queryable, userId: string): Promise<HoldSettings> {
  const [row] = await db.select().from(holdSettings).where(eq(holdSettings.userId, userId));
  if (!row) return DEFAULTS;
  return {
    defaultExpiryDays: row.defaultExpiryDays,
    notifyNewFirstHold: row.notifyNewFirstHold,
    showAvailabilityOnInquiryForm: row.showAvailabilityOnInquiryForm,
    newFirstHoldTemplate: row.newFirstHoldTemplate ?? DEFAULT_NEW_FIRST_HOLD_TEMPLATE,
  };
}

/** `PUT /api/hold-settings`: the fields given change, the others keep their value. */
export async function saveHoldSettings(
  db: Queryable,
  userId: string,
  input: HoldSettingsInput,
): Promise<HoldSettings> {
  const values = { ...(await getHoldSettings(db, userId)), ...input };
  await db
    .insert(holdSettings)
    .values(columns(holdSettings, { userId, ...values }))
    .onConflictDoUpdate({ target: holdSettings.userId, set: columns(holdSettings, values) });
  return getHoldSettings(db, userId);
}

/**
 * The expiry a new hold on `eventDate` gets: the speaker's today plus the default days, or none. A hold on a
 * talk that comes sooner lapses on the talk's date instead, so it never outlives the talk. (A hold on a date
 * already past keeps the default days: the speaker is still sorting it out.)
 */
export async function defaultHoldExpiry(
  db: Queryable,
  userId: string,
  eventDate: string,
  now: Date,
): Promise<string | null> {
  const { defaultExpiryDays } = await getHoldSettings(db, userId);
  if (defaultExpiryDays === null) return null;
  const today = await speakerToday(db, userId, now);
  const lapses = addDays(today, defaultExpiryDays);
  return eventDate >= today && eventDate < lapses ? eventDate : lapses;
}
