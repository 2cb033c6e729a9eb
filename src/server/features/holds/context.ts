import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database, Queryable } from "../../platform/db/client.ts";
import { clients, events } from "../../platform/db/schema.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import { PLANNER_CLIENT, PLANNER_COLUMNS } from "../events/planner-address.ts";

/** What hold work needs beyond the database: mail, and the app's address for links. */
export type HoldContext = { db: Database; mailer: Mailer; appUrl: string };

/** The fields hold work reads of an event, with its contact and client (`plannerAddress` picks one). */
export async function findHoldEvent(db: Queryable, userId: string, id: string, lock = false) {
  const query = db
    .select({
      id: events.id,
      userId: events.userId,
      title: events.title,
      date: events.date,
      city: events.city,
      state: events.state,
      status: events.status,
      holdRank: events.holdRank,
      ...PLANNER_COLUMNS,
    })
    .from(events)
    .leftJoin(clients, PLANNER_CLIENT)
    .where(and(eq(events.userId, userId), eq(events.id, id)));
  const [row] = lock ? await query.for("update", { of: events }) : await query;
  return row ?? null;
}
export type HoldEvent = NonNullable<Awaited<ReturnType<typeof findHoldEvent>>>;

/** The hold context of a running app. */
export const holdContextOf = (app: FastifyInstance): HoldContext => ({
  db: app.db,
  mailer: app.mailer,
  appUrl: app.config.APP_URL,
});
