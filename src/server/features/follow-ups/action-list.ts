import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import type { ActionItemValues, ActionList, ActionListValues } from "../../../shared/schemas/follow-ups.ts";
import type { Database, Queryable } from "../../platform/db/client.ts";
import { columnRows, columns } from "../../platform/db/columns.ts";
import { actionItems, actionLists } from "../../platform/db/schema.ts";
import { DEFAULT_ACTION_LIST } from "./default-action-list.ts";

/** The columns an item sets; `automatic` and `sends` only when given, so an older client keeps them. */
const toValues = (item: ActionItemValues) => {
  return {
    title: item.title,
    anchor: item.anchor,
    status: item.status ?? null,
    offsetDays: item.offsetDays,
    emailTemplate: item.emailTemplate ?? null,
    ...(item.automatic === undefined ? {} : { automatic: item.automatic }),
    ...(item.sends === undefined ? {} : { sends: item.sends }),
  };
};

/**
 * Writes the default list the first time a speaker's list is needed (reading it, or an event reaching an
 * anchor). The marker row is inserted first, so concurrent callers write the defaults once, and a speaker
 * who empties the list keeps it empty.
 */
export async function ensureActionList(db: Queryable, userId: string): Promise<void> {
  const created = await db
    .insert(actionLists)
    .values({ userId })
    .onConflictDoNothing()
    .returning({ userId: actionLists.userId });
  if (created.length === 0) return;
  await db.insert(actionItems).values(
    columnRows(
      actionItems,
      DEFAULT_ACTION_LIST.map((item, position) => ({ ...toValues(item), userId, position })),
    ),
  );
}

async function readActionList(db: Queryable, userId: string): Promise<ActionList> {
  const rows = await db
    .select({
      id: actionItems.id,
      title: actionItems.title,
      anchor: actionItems.anchor,
      status: actionItems.status,
      offsetDays: actionItems.offsetDays,
      emailTemplate: actionItems.emailTemplate,
      automatic: actionItems.automatic,
      sends: actionItems.sends,
    })
    .from(actionItems)
    .where(eq(actionItems.userId, userId))
    .orderBy(asc(actionItems.position), asc(actionItems.createdAt));
  return { items: rows };
}

export async function getActionList(db: Database, userId: string): Promise<ActionList> {
  return db.transaction(async (tx) => {
    await ensureActionList(tx, userId);
    return readActionList(tx, userId);
  });
}

/**
 * Replaces the list: items sent with the id of one of the speaker's items keep it (their tasks stay linked),
 * the others are new, and items left out are removed (their tasks stay, unlinked). Tasks already made keep
 * their title and date; the list applies to what happens next.
 */
export async function saveActionList(
  db: Database,
  userId: string,
  input: ActionListValues,
): Promise<ActionList> {
  return db.transaction(async (tx) => {
    await ensureActionList(tx, userId);
    const sentIds = input.items.flatMap((item) => (item.id ? [item.id] : []));
    const owned = new Set(
      sentIds.length === 0
        ? []
        : (
            await tx
              .select({ id: actionItems.id })
              .from(actionItems)
              .where(and(eq(actionItems.userId, userId), inArray(actionItems.id, sentIds)))
          ).map((row) => row.id),
    );
    const kept = new Set<string>();
    await tx
      .delete(actionItems)
      .where(
        and(
          eq(actionItems.userId, userId),
          owned.size > 0 ? notInArray(actionItems.id, [...owned]) : undefined,
        ),
      );
    for (const [position, item] of input.items.entries()) {
      const values = { ...toValues(item), position };
      // An id sent twice keeps the item once; the second copy becomes a new item.
      if (item.id && owned.has(item.id) && !kept.has(item.id)) {
        kept.add(item.id);
        await tx
          .update(actionItems)
          .set(columns(actionItems, values))
          .where(and(eq(actionItems.userId, userId), eq(actionItems.id, item.id)));
      } else {
        await tx.insert(actionItems).values(columns(actionItems, { ...values, userId }));
      }
    }
    return readActionList(tx, userId);
  });
}
