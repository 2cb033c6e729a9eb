import {
  canChangeEventStatus,
  type EventDetail,
  statusChangeRefusal,
  type UpdateEvent,
} from "../../../shared/schemas/events.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import type { JsonText } from "../../platform/http/send-json.ts";
import { syncEventTasks } from "../follow-ups/event-tasks.ts";
import { refuseDoubleBooking, withConflicts } from "../holds/conflicts.ts";
import type { HoldContext } from "../holds/context.ts";
import { defaultHoldExpiry } from "../holds/hold-settings.ts";
import { announceIfFirstLeft } from "../holds/notices.ts";
import { refuseEarlyCompletion } from "./early-completion.ts";
import { lockEventRow, recordEventChange } from "./event-changes.ts";
import { toEventValues } from "./event-values.ts";
import { eventNotFound, getEvent } from "./get-event.ts";
import { resolveEventLinks } from "./link-records.ts";
import { lockEventAnchors, updateEventReturningJson, updateEventRow } from "./queries.ts";

/** Whether an update may change the event's status, date, client or bureau partner. */
const movesAnchorsOrLinks = (input: UpdateEvent) =>
  [
    input.status,
    input.date,
    input.clientId,
    input.clientName,
    input.bureauPartnerId,
    input.bureauPartnerName,
  ].some((value) => value !== undefined);

/**
 * Applies a partial update; a status change must follow EVENT_STATUS_TRANSITIONS, and Completed must wait
 * for the event's date, or it is a 409, as is a second confirmed talk on one day without `bookAnyway`. The
 * event's tasks follow its new status and date in the same transaction; a first hold leaving its date tells
 * the speaker who is first now. An update that moves neither the status, the date nor a link has nothing to
 * check and no task to move: it is the update and its activity note beside the conflicts' query (the most
 * common edit, and the mix of issue 29). The event's activity names what changed and who changed it, in the
 * same transaction. The answer carries the event's conflicts.
 */
export async function updateEvent(
  context: HoldContext,
  userId: string,
  id: string,
  input: UpdateEvent,
  now = new Date(),
): Promise<JsonText<EventDetail>> {
  if (!isUuid(id)) throw eventNotFound();
  if (!movesAnchorsOrLinks(input)) {
    const values = toEventValues(input);
    if (Object.keys(values).length === 0) {
      return withConflicts(context.db, userId, id, await getEvent(context.db, userId, id));
    }
    return context.db.transaction(async (tx) => {
      const before = await lockEventRow(tx, userId, id);
      const event = (await updateEventReturningJson(tx, userId, id, values))!;
      await recordEventChange(tx, before, { ...before, ...values }, now);
      return withConflicts(tx, userId, id, event);
    });
  }
  const outbox: string[] = [];
  const detail = await context.db.transaction(async (tx) => {
    const before = await lockEventRow(tx, userId, id);
    const event = await applyEventUpdate(context, tx, { userId, id, input, now, outbox });
    await recordEventChange(tx, before, await lockEventRow(tx, userId, id), now);
    return event;
  });
  await context.mailer.dispatch(outbox);
  return detail;
}

/** `updateEvent` inside the caller's transaction; mail to dispatch after the commit goes to `outbox`. */
export async function applyEventUpdate(
  context: HoldContext,
  tx: Queryable,
  change: { userId: string; id: string; input: UpdateEvent; now: Date; outbox: string[] },
): Promise<JsonText<EventDetail>> {
  const { userId, id, input, now } = change;
  if (!isUuid(id)) throw eventNotFound();
  const before = await lockEventAnchors(tx, userId, id);
  if (!before) throw eventNotFound();
  if (input.status && !canChangeEventStatus(before.status, input.status)) {
    throw new AppError("CONFLICT", statusChangeRefusal(before.status, input.status));
  }
  const after = { status: input.status ?? before.status, date: input.date ?? before.date };
  await refuseEarlyCompletion(tx, userId, before, after, now);
  const values = { ...toEventValues(input), ...(await resolveEventLinks(tx, userId, input)) };
  if (after.status === "hold" && before.status !== "hold" && input.holdExpiresAt === undefined) {
    values.holdExpiresAt = await defaultHoldExpiry(tx, userId, after.date, now);
  }
  if (Object.keys(values).length > 0) await updateEventRow(tx, userId, id, values);
  const isNewBooking =
    after.status === "confirmed" && (before.status !== "confirmed" || before.date !== after.date);
  if (isNewBooking && !input.bookAnyway) await refuseDoubleBooking(tx, userId, id);
  change.outbox.push(...(await announceIfFirstLeft(context, tx, userId, before, after, now)));
  await syncEventTasks(tx, userId, id, before, after, now);
  return withConflicts(tx, userId, id, await getEvent(tx, userId, id));
}
