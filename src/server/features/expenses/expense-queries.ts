import { and, asc, eq } from "drizzle-orm";
import { dollarsFromCents } from "../../../shared/money.ts";
import type { Expense } from "../../../shared/schemas/expenses.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { events, expenses, files } from "../../platform/db/schema.ts";
import { notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";

export const expenseNotFound = () => notFound("Expense not found");

const expenseColumns = {
  expense: expenses,
  eventTitle: events.title,
  receiptName: files.filename,
  receiptType: files.contentType,
  receiptSize: files.size,
};

type ExpenseRow = {
  expense: typeof expenses.$inferSelect;
  eventTitle: string | null;
  receiptName: string | null;
  receiptType: string | null;
  receiptSize: number | null;
};

/** Expenses joined to their event's title and receipt, both narrowed to the same speaker. */
export function selectExpenses(db: Queryable, userId: string) {
  return db
    .select(expenseColumns)
    .from(expenses)
    .leftJoin(events, and(eq(events.id, expenses.eventId), eq(events.userId, userId)))
    .leftJoin(files, and(eq(files.id, expenses.receiptFileId), eq(files.userId, userId)))
    .$dynamic();
}

export function toExpense({ expense, ...row }: ExpenseRow): Expense {
  return {
    id: expense.id,
    date: expense.date,
    amount: dollarsFromCents(expense.amount),
    category: expense.category,
    vendor: expense.vendor,
    description: expense.description,
    eventId: expense.eventId,
    eventTitle: row.eventTitle,
    receipt:
      expense.receiptFileId && row.receiptName
        ? {
            id: expense.receiptFileId,
            filename: row.receiptName,
            contentType: row.receiptType!,
            size: row.receiptSize!,
          }
        : null,
    billable: expense.billable,
    createdAt: expense.createdAt.toISOString(),
    updatedAt: expense.updatedAt.toISOString(),
  };
}

/** One expense of this speaker, or 404 (another speaker's id answers like an unknown one). */
export async function loadExpense(db: Queryable, userId: string, id: string): Promise<Expense> {
  if (!isUuid(id)) throw expenseNotFound();
  const [row] = await selectExpenses(db, userId).where(and(eq(expenses.userId, userId), eq(expenses.id, id)));
  if (!row) throw expenseNotFound();
  return toExpense(row);
}

/** Every expense of this speaker for the complete export, oldest first; a receipt by its file reference. */
export async function exportExpenses(db: Queryable, userId: string): Promise<Expense[]> {
  const rows = await selectExpenses(db, userId)
    .where(eq(expenses.userId, userId))
    .orderBy(asc(expenses.date), asc(expenses.id));
  return rows.map(toExpense);
}
