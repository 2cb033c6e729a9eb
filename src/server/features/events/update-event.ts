import {
  canChangeEventStatus,
  type Event,
  statusChangeRefusal,
  type UpdateEvent,
} from "../../../shared/schemas/events.ts";
import type { Database } from "../../platform/db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import type { JsonText } from "../../platform/http/send-json.ts";
import { syncEventTasks } from "../follow-ups/event-tasks.ts";
import { refuseEarlyCompletion } from "./early-completion.ts";
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
 * for the event's date, or it is a 409. The event's tasks follow its new status and date in the same
 * transaction. An update that moves neither the status, the date nor a link has nothing to check and no task
 * to move: it is one statement (the most common edit, and the mix of issue 29).
 */
export async function updateEvent(
  db: Database,
  userId: string,
  id: string,
  input: UpdateEvent,
  now = new Date(),
): Promise<JsonText<Event>> {
  if (!isUuid(id)) throw eventNotFound();
  if (!movesAnchorsOrLinks(input)) {
    const values = toEventValues(input);
    if (Object.keys(values).length === 0) return getEvent(db, userId, id);
    const event = await updateEventReturningJson(db, userId, id, values);
    if (!event) throw eventNotFound();
    return event;
  }
  return db.transaction(async (tx) => {
    const before = await lockEventAnchors(tx, userId, id);
    if (!before) throw eventNotFound();
    if (input.status && !canChangeEventStatus(before.status, input.status)) {
      throw new AppError("CONFLICT", statusChangeRefusal(before.status, input.status));
    }
    const after = { status: input.status ?? before.status, date: input.date ?? before.date };
    await refuseEarlyCompletion(tx, userId, before, after, now);
    const values = { ...toEventValues(input), ...(await resolveEventLinks(tx, userId, input)) };
    if (Object.keys(values).length > 0) await updateEventRow(tx, userId, id, values);
    await syncEventTasks(tx, userId, id, before, after, now);
    return getEvent(tx, userId, id);
  });
}
