import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database, Queryable } from "../../platform/db/client.ts";
import { clients, events } from "../../platform/db/schema.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import { PLANNER_CLIENT, PLANNER_COLUMNS } from "../events/planner-address.ts";

/** What testimonial work needs beyond the database: mail, and the app's address for links. */
export type TestimonialContext = { db: Database; mailer: Mailer; appUrl: string };

export const testimonialContextOf = (app: FastifyInstance): TestimonialContext => ({
  db: app.db,
  mailer: app.mailer,
  appUrl: app.config.APP_URL,
});

export const testimonialUrl = (appUrl: string, token: string) => `${appUrl}/t/${token}`;

/** The fields testimonial work reads of one of the speaker's events, with its client's e-mail. */
export async function findTestimonialEvent(db: Queryable, userId: string, eventId: string) {
  const [row] = await db
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      city: events.city,
      state: events.state,
      status: events.status,
      ...PLANNER_COLUMNS,
    })
    .from(events)
    .leftJoin(clients, PLANNER_CLIENT)
    .where(and(eq(events.userId, userId), eq(events.id, eventId)));
  return row ?? null;
}
export type TestimonialEvent = NonNullable<Awaited<ReturnType<typeof findTestimonialEvent>>>;
