import { speakerDisplayName } from "../../../shared/speaker-name.ts";
import { AppError } from "../../platform/http/errors.ts";
import { loadInvoiceDocument } from "./invoice-document.ts";
import { type CardPaymentsContext, findPaymentAccount } from "./payments-account.ts";
import type { InvoiceRow } from "./queries.ts";

const refused = (message: string) => new AppError("CONFLICT", message);

/** The invoice takes a card payment now: sent or partly paid, with a balance. */
export const isPayableByCard = (row: Pick<InvoiceRow, "status" | "total" | "amountPaid">) =>
  (row.status === "sent" || row.status === "partial") && row.total > row.amountPaid;

/** Whether the public page offers "Pay by card": Stripe on, the speaker's account active, a balance due. */
export async function canPayByCard(ctx: CardPaymentsContext, row: InvoiceRow) {
  if (!ctx.stripe || !isPayableByCard(row)) return false;
  return (await findPaymentAccount(ctx.db, row.userId))?.chargesEnabled ?? false;
}

/**
 * `POST /api/public/invoices/:token/checkout`: a Checkout Session in payment mode for the balance, made on
 * the speaker's connected account (a direct charge), its metadata naming the invoice so the webhook can
 * record the payment. Back to `page` (the invoice's page, or the booking page) after paying or cancelling.
 */
export async function createInvoiceCheckout(
  ctx: CardPaymentsContext,
  row: InvoiceRow,
  page: string,
  now: Date,
): Promise<{ url: string }> {
  if (row.status === "void") throw refused("This invoice is void: it takes no payments.");
  if (!isPayableByCard(row)) throw refused("Nothing is due on this invoice.");
  const account = ctx.stripe ? await findPaymentAccount(ctx.db, row.userId) : undefined;
  if (!ctx.stripe || !account?.chargesEnabled) {
    throw refused("Card payment is not set up for this invoice. Use the payment instructions instead.");
  }
  const { view } = await loadInvoiceDocument(ctx.db, row, now);
  const sender = speakerDisplayName(view.from);
  const metadata = { podium_invoice_id: row.id, podium_user_id: row.userId };
  try {
    const session = await ctx.stripe.checkout.sessions.create(
      {
        mode: "payment",
        submit_type: "pay",
        client_reference_id: row.id,
        ...(row.recipientEmail && { customer_email: row.recipientEmail }),
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "usd",
              unit_amount: row.total - row.amountPaid,
              product_data: { name: `Invoice ${row.number}`, description: `From ${sender}` },
            },
          },
        ],
        metadata,
        payment_intent_data: { metadata },
        success_url: `${page}?payment=done`,
        cancel_url: `${page}?payment=canceled`,
      },
      { stripeAccount: account.stripeAccountId },
    );
    if (!session.url) throw new Error("Checkout Session without a url");
    return { url: session.url };
  } catch {
    throw new AppError(
      "SERVICE_UNAVAILABLE",
      "The card payment service is not answering just now. Please try again in a minute.",
    );
  }
}
