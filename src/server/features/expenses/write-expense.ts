import { and, eq } from "drizzle-orm";
import { dollarsToCents } from "../../../shared/money.ts";
import type { CreateExpenseInput, UpdateExpenseInput } from "../../../shared/schemas/expenses.ts";
import type { Database } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import { expenses } from "../../platform/db/schema.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { expenseNotFound } from "./expense-queries.ts";
import { assertOwnEvent, assertOwnReceipt } from "./linked-records.ts";

/** The columns an input sets; fields left out stay as they are. */
function expenseValues(input: UpdateExpenseInput) {
  return {
    ...(input.date !== undefined && { date: input.date }),
    ...(input.amount !== undefined && { amount: dollarsToCents(input.amount) }),
    ...(input.category !== undefined && { category: input.category }),
    ...(input.vendor !== undefined && { vendor: input.vendor }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.eventId !== undefined && { eventId: input.eventId }),
    ...(input.receiptFileId !== undefined && { receiptFileId: input.receiptFileId }),
    ...(input.billable !== undefined && { billable: input.billable }),
  };
}

/** `POST /api/expenses`: the event and the receipt must be the speaker's own. */
export async function createExpense(db: Database, userId: string, input: CreateExpenseInput) {
  return db.transaction(async (tx) => {
    await assertOwnEvent(tx, userId, input.eventId);
    await assertOwnReceipt(tx, userId, input.receiptFileId);
    const [row] = await tx
      .insert(expenses)
      .values(
        columns(expenses, {
          userId,
          date: input.date,
          amount: dollarsToCents(input.amount),
          category: input.category,
          ...expenseValues(input),
        }),
      )
      .returning({ id: expenses.id });
    return row!.id;
  });
}

export async function updateExpense(db: Database, userId: string, id: string, input: UpdateExpenseInput) {
  if (!isUuid(id)) throw expenseNotFound();
  await db.transaction(async (tx) => {
    await assertOwnEvent(tx, userId, input.eventId);
    await assertOwnReceipt(tx, userId, input.receiptFileId);
    const values = expenseValues(input);
    const [row] = await tx
      .update(expenses)
      .set(columns(expenses, { ...values, updatedAt: new Date() }))
      .where(and(eq(expenses.userId, userId), eq(expenses.id, id)))
      .returning({ id: expenses.id });
    if (!row) throw expenseNotFound();
  });
}

/** Deletes the expense; its receipt stays in the speaker's files (they may still want it). */
export async function deleteExpense(db: Database, userId: string, id: string) {
  if (!isUuid(id)) throw expenseNotFound();
  const [row] = await db
    .delete(expenses)
    .where(and(eq(expenses.userId, userId), eq(expenses.id, id)))
    .returning({ id: expenses.id });
  if (!row) throw expenseNotFound();
}
