import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import { SEARCH_LIMIT } from "../../../shared/schemas/search.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { containsPattern, startsWithPattern } from "../../platform/db/like.ts";
import { clients, events } from "../../platform/db/schema.ts";

/**
 * Events whose title, venue or city contains `text` (any case), best first (DESIGN §8): titles that start
 * with it, then by trigram similarity, then upcoming before past and nearest date first.
 */
export async function searchEvents(db: Queryable, userId: string, text: string) {
  const contains = containsPattern(text);
  return db
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      venueName: events.venueName,
      city: events.city,
      state: events.state,
    })
    .from(events)
    .where(
      and(
        eq(events.userId, userId),
        or(
          sql`${events.title} ilike ${contains}`,
          sql`${events.venueName} ilike ${contains}`,
          sql`${events.city} ilike ${contains}`,
        ),
      ),
    )
    .orderBy(
      desc(sql`${events.title} ilike ${startsWithPattern(text)}`),
      desc(
        sql`greatest(similarity(${events.title}, ${text}), similarity(${events.venueName}, ${text}), similarity(${events.city}, ${text}))`,
      ),
      desc(sql`${events.date} >= current_date`),
      asc(sql`abs(${events.date} - current_date)`),
      asc(events.id),
    )
    .limit(SEARCH_LIMIT);
}

/** Clients whose name, company or e-mail contains `text`, best first: name prefix, then similarity. */
export async function searchClients(db: Queryable, userId: string, text: string) {
  const contains = containsPattern(text);
  return db
    .select({ id: clients.id, name: clients.name, company: clients.company, email: clients.email })
    .from(clients)
    .where(
      and(
        eq(clients.userId, userId),
        or(
          sql`${clients.name} ilike ${contains}`,
          sql`${clients.company} ilike ${contains}`,
          sql`${clients.email} ilike ${contains}`,
        ),
      ),
    )
    .orderBy(
      desc(sql`${clients.name} ilike ${startsWithPattern(text)}`),
      desc(
        sql`greatest(similarity(${clients.name}, ${text}), similarity(${clients.company}, ${text}), similarity(${clients.email}, ${text}))`,
      ),
      asc(sql`lower(${clients.name})`),
      asc(clients.id),
    )
    .limit(SEARCH_LIMIT);
}
