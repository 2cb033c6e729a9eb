import { and, desc, eq, gte, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { dollarsFromCents } from "../../../shared/money.ts";
import type { ExpenseList, ExpenseListQuery } from "../../../shared/schemas/expenses.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { expenses } from "../../platform/db/schema.ts";
import { buildPage, decodeCursor } from "../../platform/http/cursor.ts";
import { selectExpenses, toExpense } from "./expense-queries.ts";

const SORT = "-date";

/** `GET /api/expenses`: newest first, filtered, with the count and sum of everything the filters match. */
export async function listExpenses(
  db: Queryable,
  userId: string,
  query: ExpenseListQuery,
): Promise<ExpenseList> {
  const filters: (SQL | undefined)[] = [
    eq(expenses.userId, userId),
    query.from ? gte(expenses.date, query.from) : undefined,
    query.to ? lte(expenses.date, query.to) : undefined,
    query.category ? eq(expenses.category, query.category) : undefined,
    query.eventId ? eq(expenses.eventId, query.eventId) : undefined,
    query.billable ? eq(expenses.billable, query.billable === "true") : undefined,
  ];
  const page: (SQL | undefined)[] = [];
  if (query.cursor) {
    const after = decodeCursor(query.cursor, SORT, "date");
    page.push(
      or(
        lt(expenses.date, after.key as string),
        and(eq(expenses.date, after.key as string), lt(expenses.id, after.id)),
      ),
    );
  }
  const [rows, [totals]] = await Promise.all([
    selectExpenses(db, userId)
      .where(and(...filters, ...page))
      .orderBy(desc(expenses.date), desc(expenses.id))
      .limit(query.limit + 1),
    db
      .select({
        count: sql<number>`count(*)::int`,
        amount: sql<number>`coalesce(sum(${expenses.amount}), 0)::bigint`.mapWith(Number),
      })
      .from(expenses)
      .where(and(...filters)),
  ]);
  return {
    ...buildPage(
      rows.map((row) => ({ ...row, id: row.expense.id })),
      { limit: query.limit, sort: SORT, keyOf: (row) => row.expense.date, toItem: toExpense },
    ),
    totals: { count: totals?.count ?? 0, amount: dollarsFromCents(totals?.amount ?? 0) },
  };
}
