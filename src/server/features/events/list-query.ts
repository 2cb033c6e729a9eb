import { and, asc, desc, eq, gte, lte, or, type SQL, sql } from "drizzle-orm";
import type { EventListQuery, EventSort } from "../../../shared/schemas/events.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { containsPattern, resembles } from "../../platform/db/like.ts";
import { preparedStatement } from "../../platform/db/prepared.ts";
import { bureauPartners, clients, events } from "../../platform/db/schema.ts";
import type { Cursor, CursorKeyType } from "../../platform/http/cursor.ts";
import { selectEventRows } from "./queries.ts";

type SortSpec = {
  /** What ORDER BY and the keyset test compare (the index's own expression). */
  order: SQL;
  /** The same key as the cursor carries it, and the cast that turns it back. */
  key: SQL;
  cast: SQL;
  isDescending: boolean;
  keyType: CursorKeyType;
};

const byDate = {
  order: sql`${events.date}`,
  key: sql`${events.date}::text`,
  cast: sql`::date`,
  keyType: "date",
} as const;
/** The gross fee, which the list shows: a speaking fee with a large travel fee outranks a bare one. */
const byGrossFee = {
  order: sql`(${events.fee} + ${events.travelFee})`,
  key: sql`(${events.fee} + ${events.travelFee})`,
  cast: sql`::integer`,
  keyType: "number",
} as const;
const byTitle = {
  order: sql`lower(${events.title})`,
  key: sql`lower(${events.title})`,
  cast: sql`::text`,
  keyType: "string",
} as const;

/** Each sort orders by a key, then by id so that the order is total and a cursor is unambiguous. */
const SORTS: Record<EventSort, SortSpec> = {
  date: { ...byDate, isDescending: false },
  "-date": { ...byDate, isDescending: true },
  fee: { ...byGrossFee, isDescending: false },
  "-fee": { ...byGrossFee, isDescending: true },
  title: { ...byTitle, isDescending: false },
};

export function sortKeyType(sort: EventSort) {
  return SORTS[sort].keyType;
}

/** Which parts a list query has; each combination is one prepared statement. */
type Shape = Pick<EventListQuery, "sort"> &
  Record<"status" | "from" | "to" | "client" | "q" | "cursor", boolean>;

const placeholder = sql.placeholder;

function buildListStatement(db: Queryable, shape: Shape, name: string) {
  const spec = SORTS[shape.sort];
  const order = spec.isDescending ? desc : asc;
  const pattern = placeholder("pattern");
  const text = placeholder("text");
  const keyset = sql`(${spec.order}, ${events.id}) ${spec.isDescending ? sql`<` : sql`>`}
    (${placeholder("cursorKey")}${spec.cast}, ${placeholder("cursorId")}::uuid)`;
  return selectEventRows(db, { sortKey: spec.key })
    .where(
      and(
        eq(events.userId, placeholder("userId")),
        // One text parameter rather than an array: PGlite and pg bind it the same way.
        shape.status
          ? sql`${events.status} = any(string_to_array(${placeholder("statuses")}, ',')::event_status[])`
          : undefined,
        shape.from ? gte(events.date, placeholder("from")) : undefined,
        shape.to ? lte(events.date, placeholder("to")) : undefined,
        shape.client ? eq(events.clientId, placeholder("clientId")) : undefined,
        shape.q
          ? or(
              ...[
                events.title,
                events.venueName,
                events.city,
                events.state,
                clients.name,
                clients.company,
                bureauPartners.name,
              ].map((column) => sql`${column} ilike ${pattern}`),
              // A typo still finds the word it was meant to be (issue 12, item 14).
              ...[events.title, events.venueName, events.city, clients.name, bureauPartners.name].map(
                (column) => resembles(column, text),
              ),
            )
          : undefined,
        shape.cursor ? keyset : undefined,
      ),
    )
    .orderBy(order(spec.order), order(events.id))
    .limit(placeholder("limit"))
    .prepare(name);
}

function listStatement(db: Queryable, shape: Shape) {
  const flags = (["status", "from", "to", "client", "q", "cursor"] as const).filter((part) => shape[part]);
  const name = ["events_list", shape.sort.replace("-", "desc_"), ...flags].join("_");
  return preparedStatement(db, name, () => buildListStatement(db, shape, name));
}

/** One page of a user's events as API JSON, plus one row more when another page follows. */
export async function listEventRows(
  db: Queryable,
  userId: string,
  query: EventListQuery,
  after: Cursor | null,
) {
  const shape: Shape = {
    sort: query.sort,
    status: Boolean(query.status?.length),
    from: Boolean(query.from),
    to: Boolean(query.to),
    client: Boolean(query.clientId),
    q: Boolean(query.q),
    cursor: Boolean(after),
  };
  return listStatement(db, shape).execute({
    userId,
    statuses: query.status?.join(","),
    from: query.from,
    to: query.to,
    clientId: query.clientId,
    pattern: query.q ? containsPattern(query.q) : undefined,
    text: query.q,
    cursorKey: after?.key,
    cursorId: after?.id,
    limit: query.limit + 1,
  });
}
