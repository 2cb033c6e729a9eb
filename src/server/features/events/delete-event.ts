import { isUuid } from "../../platform/http/ids.ts";
import type { HoldContext } from "../holds/context.ts";
import { announceIfFirstLeft } from "../holds/notices.ts";
import { eventNotFound } from "./get-event.ts";
import { deleteEventRow, lockEventAnchors } from "./queries.ts";

/** Deletes the user's event; a deleted first hold tells the speaker who is first on its date now. */
export async function deleteEvent(context: HoldContext, userId: string, id: string, now = new Date()) {
  if (!isUuid(id)) throw eventNotFound();
  const outbox = await context.db.transaction(async (tx) => {
    const before = await lockEventAnchors(tx, userId, id);
    if (!before || !(await deleteEventRow(tx, userId, id))) throw eventNotFound();
    return announceIfFirstLeft(context, tx, userId, before, null, now);
  });
  await context.mailer.dispatch(outbox);
}
