import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import { SEARCH_LIMIT } from "../../../shared/schemas/search.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { containsPattern, resembles, startsWithPattern } from "../../platform/db/like.ts";
import { preparedStatement } from "../../platform/db/prepared.ts";
import { clients, events } from "../../platform/db/schema.ts";

// Placeholders of the two prepared search statements.
const ownerParam = sql.placeholder("userId");
const containsParam = sql.placeholder("contains");
const prefixParam = sql.placeholder("prefix");
const textParam = sql.placeholder("text");
const todayParam = sql.placeholder("today");

function searchValues(userId: string, text: string) {
  return { userId, contains: containsPattern(text), prefix: startsWithPattern(text), text };
}

/**
 * Events whose title, venue or city contains `text` (any case), best first (DESIGN §8): titles that start
 * with it, then by trigram similarity, then upcoming (from `today`, YYYY-MM-DD) before past and nearest date first.
 */
export async function searchEvents(db: Queryable, userId: string, text: string, today: string) {
  const statement = preparedStatement(db, "search_events", (name) =>
    db
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
          eq(events.userId, ownerParam),
          or(
            sql`${events.title} ilike ${containsParam}`,
            sql`${events.venueName} ilike ${containsParam}`,
            sql`${events.city} ilike ${containsParam}`,
            sql`${events.state} ilike ${containsParam}`,
            resembles(events.title, textParam),
            resembles(events.venueName, textParam),
            resembles(events.city, textParam),
          ),
        ),
      )
      .orderBy(
        desc(sql`${events.title} ilike ${prefixParam}`),
        desc(
          sql`greatest(similarity(${events.title}, ${textParam}), similarity(${events.venueName}, ${textParam}), similarity(${events.city}, ${textParam}))`,
        ),
        desc(sql`${events.date} >= ${todayParam}::date`),
        asc(sql`abs(${events.date} - ${todayParam}::date)`),
        asc(events.id),
      )
      .limit(SEARCH_LIMIT)
      .prepare(name),
  );
  return statement.execute({ ...searchValues(userId, text), today });
}

/** Clients whose name, company or e-mail contains `text`, best first: name prefixParam, then similarity. */
export async function searchClients(db: Queryable, userId: string, text: string) {
  const statement = preparedStatement(db, "search_clients", (name) =>
    db
      .select({ id: clients.id, name: clients.name, company: clients.company, email: clients.email })
      .from(clients)
      .where(
        and(
          eq(clients.userId, ownerParam),
          or(
            sql`${clients.name} ilike ${containsParam}`,
            sql`${clients.company} ilike ${containsParam}`,
            sql`${clients.email} ilike ${containsParam}`,
            resembles(clients.name, textParam),
            resembles(clients.company, textParam),
          ),
        ),
      )
      .orderBy(
        desc(sql`${clients.name} ilike ${prefixParam}`),
        desc(
          sql`greatest(similarity(${clients.name}, ${textParam}), similarity(${clients.company}, ${textParam}), similarity(${clients.email}, ${textParam}))`,
        ),
        asc(sql`lower(${clients.name})`),
        asc(clients.id),
      )
      .limit(SEARCH_LIMIT)
      .prepare(name),
  );
  return statement.execute(searchValues(userId, text));
}
