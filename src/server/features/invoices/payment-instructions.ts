import { eq } from "drizzle-orm";
import type { PaymentInstructionsInput } from "../../../shared/schemas/invoices.ts";
import { currentActor } from "../../platform/auth/acting-login.ts";
import type { Database } from "../../platform/db/client.ts";
import { invoiceSettings, users } from "../../platform/db/schema.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import { renderEmail } from "../../platform/mail/render.ts";
import { loadSettingsRow, toInvoiceSettings } from "./settings.ts";

/**
 * Saves the payment instructions printed on every invoice and tells the account's e-mail, in the same
 * transaction: a change there redirects the speaker's money, so the owner hears of it even if a stolen
 * session made it (decision 067).
 */
export async function savePaymentInstructions(
  ctx: { db: Database; mailer: Mailer },
  userId: string,
  input: PaymentInstructionsInput,
  now: Date,
) {
  const paymentInstructions = input.paymentInstructions ?? null;
  const { settings, mailId } = await ctx.db.transaction(async (tx) => {
    await loadSettingsRow(tx, userId);
    const [row] = await tx
      .update(invoiceSettings)
      .set({ paymentInstructions })
      .where(eq(invoiceSettings.userId, userId))
      .returning();
    const [owner] = await tx
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    const actor = currentActor();
    const when = new Intl.DateTimeFormat("en-US", {
      dateStyle: "long",
      timeStyle: "short",
      timeZone: row!.timeZone,
    }).format(now);
    const mailId = await ctx.mailer.queue(
      tx,
      renderEmail({
        to: owner!.email,
        subject: "The payment instructions on your invoices were changed",
        greeting: `Hi ${owner!.username},`,
        paragraphs: [
          `The payment instructions printed on your invoices were changed on ${when} (${row!.timeZone}) by ` +
            `${actor ? `${actor.username} (${actor.role})` : owner!.username}.`,
          // Enough to recognise them: the whole bank details stay out of the mail.
          paymentInstructions
            ? `The new instructions end in "${paymentInstructions.slice(-4)}".`
            : "Your invoices no longer show payment instructions.",
        ],
        footnote:
          "If this was not you, change your password, check the payment instructions in Account Settings, " +
          "under Invoicing, and tell the clients you sent invoices to since.",
      }),
    );
    return { settings: toInvoiceSettings(row!), mailId };
  });
  await ctx.mailer.dispatch([mailId]);
  return settings;
}
