import { and, eq, isNull } from "drizzle-orm";
import { todayIn } from "../../../shared/calendar-dates.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { users } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import { renderEmail } from "../../platform/mail/render.ts";
import { type Stripe, stripeId } from "../../platform/stripe/client.ts";
import { recordPaymentIn } from "./manage-invoice.ts";
import { findPaymentAccount, storeAccountState } from "./payments-account.ts";
import { findInvoiceRow } from "./queries.ts";
import { loadSettingsRow } from "./settings.ts";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/**
 * What an event did: the outbox ids to dispatch after commit. The public invoice pages it changed hear of it
 * through the change feed (decision 046).
 */
export type CardPaymentOutcome = { outboxIds: string[] };

const nothingChanged = (outboxIds: string[] = []): CardPaymentOutcome => ({ outboxIds });

/**
 * Acts on a Stripe Connect event inside the webhook's transaction (the event id is already recorded once):
 * `account.updated` keeps the account's state; a paid Checkout Session for an invoice records the card
 * payment once per payment intent and e-mails the speaker.
 */
export async function applyCardPaymentEvent(
  tx: Queryable,
  event: Stripe.Event,
  mail: { mailer: Mailer; appUrl: string },
  now: Date,
): Promise<CardPaymentOutcome> {
  if (event.type === "account.updated") {
    await storeAccountState(tx, event.data.object);
    return nothingChanged();
  }
  if (
    event.type !== "checkout.session.completed" &&
    event.type !== "checkout.session.async_payment_succeeded"
  )
    return nothingChanged();
  const session = event.data.object;
  const invoiceId = session.metadata?.podium_invoice_id;
  const userId = session.metadata?.podium_user_id;
  if (session.mode !== "payment" || session.payment_status !== "paid" || !invoiceId || !userId)
    return nothingChanged();
  // Only the speaker's own connected account pays the speaker's invoices.
  const account = await findPaymentAccount(tx, userId);
  if (!event.account || account?.stripeAccountId !== event.account) return nothingChanged();

  const paymentIntent = stripeId(session.payment_intent) ?? session.id;
  const amount = session.amount_total ?? 0;
  // The payment is recorded whatever happens; a disabled speaker is not written to (decision 059).
  const [owner] = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.disabledAt)));
  const tell = async (subject: string, paragraph: string) => {
    if (!owner) return [];
    const message = renderEmail({
      to: owner.email,
      subject,
      paragraphs: [paragraph],
      action: { label: "Open the invoice", url: `${mail.appUrl}/invoices/${invoiceId}` },
    });
    return [await mail.mailer.queue(tx, message)];
  };
  try {
    const today = todayIn((await loadSettingsRow(tx, userId)).timeZone, now);
    const effects = { appUrl: mail.appUrl, outbox: [] };
    const payment = await recordPaymentIn(
      tx,
      userId,
      invoiceId,
      { amount: amount / 100, date: today, method: "card", reference: paymentIntent },
      { actor: "system", stripePaymentIntentId: paymentIntent },
      effects,
      now,
    );
    if (!payment) return nothingChanged();
    const invoice = await findInvoiceRow(tx, userId, invoiceId);
    const left = invoice.total - invoice.amountPaid;
    const outboxIds = await tell(
      `Invoice ${invoice.number} was paid by card`,
      `${usd.format(amount / 100)} was paid by card on invoice ${invoice.number}. ${
        left > 0 ? `The balance left is ${usd.format(left / 100)}.` : "It is now paid in full."
      }`,
    );
    return { outboxIds: [...effects.outbox, ...outboxIds] };
  } catch (error) {
    // A payment Stripe took but the invoice cannot hold (voided, or paid meanwhile): the speaker decides.
    if (!(error instanceof AppError)) throw error;
    return nothingChanged(
      await tell(
        "A card payment needs your attention",
        `${usd.format(amount / 100)} was paid by card (${paymentIntent}) but could not be recorded on the invoice: ${error.message} Refund it from your Stripe dashboard or record it by hand.`,
      ),
    );
  }
}
