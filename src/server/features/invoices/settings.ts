import { and, eq, sql } from "drizzle-orm";
import { percentFromBasisPoints, percentToBasisPoints } from "../../../shared/money.ts";
import type { InvoiceSettings, InvoiceSettingsInput } from "../../../shared/schemas/invoices.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import { files, invoiceSettings } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";

export type InvoiceSettingsRow = typeof invoiceSettings.$inferSelect;

/** The speaker's settings row, created with the defaults on first use. */
export async function loadSettingsRow(db: Queryable, userId: string): Promise<InvoiceSettingsRow> {
  const [existing] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.userId, userId));
  if (existing) return existing;
  await db.insert(invoiceSettings).values({ userId }).onConflictDoNothing();
  const [created] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.userId, userId));
  return created!;
}

export function toInvoiceSettings(row: InvoiceSettingsRow): InvoiceSettings {
  return {
    numberPrefix: row.numberPrefix,
    nextNumber: row.nextNumber,
    defaultDueDays: row.defaultDueDays,
    paymentInstructions: row.paymentInstructions,
    taxRate: percentFromBasisPoints(row.taxRateBasisPoints),
    businessAddress: row.businessAddress,
    logoFileId: row.logoFileId,
    reminders: row.reminders,
    timeZone: row.timeZone,
  };
}

export async function getInvoiceSettings(db: Queryable, userId: string) {
  return toInvoiceSettings(await loadSettingsRow(db, userId));
}

const uniqueSorted = (days: number[]) => [...new Set(days)].sort((a, b) => a - b);

export async function saveInvoiceSettings(db: Queryable, userId: string, input: InvoiceSettingsInput) {
  const current = await loadSettingsRow(db, userId);
  if (input.nextNumber <= current.highestNumber) {
    const message = `The next number must be above ${current.highestNumber}, the last one used.`;
    throw new AppError("CONFLICT", message, { fields: { nextNumber: message } });
  }
  if (input.logoFileId) {
    const [logo] = await db
      .select({ contentType: files.contentType })
      .from(files)
      .where(and(eq(files.userId, userId), eq(files.id, input.logoFileId)));
    if (!logo?.contentType.match(/^image\/(png|jpeg)$/)) {
      const message = "Choose a PNG or JPEG image you uploaded as the logo";
      throw new AppError("BAD_REQUEST", message, { fields: { logoFileId: message } });
    }
  }
  const [row] = await db
    .update(invoiceSettings)
    .set(
      columns(invoiceSettings, {
        numberPrefix: input.numberPrefix ?? "",
        nextNumber: input.nextNumber,
        defaultDueDays: input.defaultDueDays,
        taxRateBasisPoints: percentToBasisPoints(input.taxRate ?? 0),
        businessAddress: input.businessAddress ?? null,
        logoFileId: input.logoFileId ?? null,
        reminders: {
          beforeDueDays: uniqueSorted(input.reminders.beforeDueDays),
          onDueDate: input.reminders.onDueDate,
          afterDueDays: uniqueSorted(input.reminders.afterDueDays),
        },
        ...(input.timeZone ? { timeZone: input.timeZone } : {}),
        // A number taken since the form was loaded still wins: never at or below the highest used.
        highestNumber: sql`${invoiceSettings.highestNumber}`,
      }),
    )
    .where(
      and(eq(invoiceSettings.userId, userId), sql`${invoiceSettings.highestNumber} < ${input.nextNumber}`),
    )
    .returning();
  if (!row) return saveInvoiceSettings(db, userId, input);
  return toInvoiceSettings(row);
}

/**
 * Takes the speaker's next invoice number inside the caller's transaction: the UPDATE locks the settings
 * row, so concurrent creations queue on it and each gets its own sequence.
 */
export async function takeInvoiceNumber(db: Queryable, userId: string, issueDate: string): Promise<string> {
  await db.insert(invoiceSettings).values({ userId }).onConflictDoNothing();
  const [row] = await db
    .update(invoiceSettings)
    .set({
      nextNumber: sql`${invoiceSettings.nextNumber} + 1`,
      highestNumber: sql`${invoiceSettings.nextNumber}`,
    })
    .where(eq(invoiceSettings.userId, userId))
    .returning({
      taken: sql<number>`${invoiceSettings.nextNumber} - 1`,
      prefix: invoiceSettings.numberPrefix,
    });
  const sequence = String(row!.taken).padStart(4, "0");
  return `${row!.prefix}${issueDate.slice(0, 4)}-${sequence}`;
}
