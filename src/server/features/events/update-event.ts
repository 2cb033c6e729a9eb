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
import { toEventValues } from "./event-values.ts";
import { eventNotFound, getEvent } from "./get-event.ts";
import { resolveEventLinks } from "./link-records.ts";
import { lockEventStatus, updateEventRow } from "./queries.ts";

/** Applies a partial update; a status change must follow EVENT_STATUS_TRANSITIONS or it is a 409. */
export async function updateEvent(
  db: Database,
  userId: string,
  id: string,
  input: UpdateEvent,
): Promise<JsonText<Event>> {
  if (!isUuid(id)) throw eventNotFound();
  return db.transaction(async (tx) => {
    const status = await lockEventStatus(tx, userId, id);
    if (!status) throw eventNotFound();
    if (input.status && !canChangeEventStatus(status, input.status)) {
      throw new AppError("CONFLICT", statusChangeRefusal(status, input.status));
    }
    const values = { ...toEventValues(input), ...(await resolveEventLinks(tx, userId, input)) };
    if (Object.keys(values).length > 0) await updateEventRow(tx, userId, id, values);
    return getEvent(tx, userId, id);
  });
}
