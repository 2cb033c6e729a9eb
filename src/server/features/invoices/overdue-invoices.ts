import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { invoices } from "../../platform/db/schema.ts";

/**
 * The speaker's overdue invoices, oldest due first (for the dashboard's action items): sent or partly paid,
 * with a balance, due before `today` (the speaker's calendar day).
 */
export async function listOverdueInvoices(db: Queryable, userId: string, today: string, limit: number) {
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      dueDate: invoices.dueDate,
      balanceDue: sql<number>`${invoices.total} - ${invoices.amountPaid}`,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, userId),
        inArray(invoices.status, ["sent", "partial"]),
        lt(invoices.dueDate, today),
        gt(invoices.total, invoices.amountPaid),
      ),
    )
    .orderBy(asc(invoices.dueDate))
    .limit(limit);
}
