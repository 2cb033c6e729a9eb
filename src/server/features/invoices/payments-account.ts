import { eq } from "drizzle-orm";
import type { PaymentsAccount } from "../../../shared/schemas/invoices.ts";
import type { Config } from "../../config.ts";
import type { Database, Queryable } from "../../platform/db/client.ts";
import { paymentAccounts } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { Stripe, StripeClient } from "../../platform/stripe/client.ts";

export type PaymentAccountRow = typeof paymentAccounts.$inferSelect;

/** What card payments need: the database, the settings URLs, and Stripe (null while billing is off). */
export type CardPaymentsContext = { db: Database; config: Config; stripe: StripeClient | null };

export const cardPaymentsOff = () =>
  new AppError("CONFLICT", "Card payments are off on this server: Stripe is not configured.");

const stripeUnavailable = () =>
  new AppError("SERVICE_UNAVAILABLE", "Stripe is not answering just now. Please try again in a minute.");

/** The card-payment status from what Stripe said of the account last (DESIGN §10). */
export function paymentsAccountStatus(
  isBillingOn: boolean,
  row: Pick<PaymentAccountRow, "chargesEnabled"> | undefined,
): PaymentsAccount["status"] {
  if (!isBillingOn) return "off";
  if (!row) return "not_connected";
  return row.chargesEnabled ? "active" : "pending";
}

export async function findPaymentAccount(db: Queryable, userId: string) {
  const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, userId));
  return row;
}

/** Keeps Stripe's two flags of an account (from a retrieve or an `account.updated` event). */
export async function storeAccountState(db: Queryable, account: Stripe.Account): Promise<void> {
  await db
    .update(paymentAccounts)
    .set({
      chargesEnabled: account.charges_enabled ?? false,
      detailsSubmitted: account.details_submitted ?? false,
    })
    .where(eq(paymentAccounts.stripeAccountId, account.id));
}

/**
 * `GET /api/payments-account`: the status; with `refresh`, Stripe is asked first (the speaker is back from
 * onboarding). When Stripe does not answer, the last known state is shown rather than an error.
 */
export async function getPaymentsAccount(
  ctx: CardPaymentsContext,
  userId: string,
  refresh: boolean,
): Promise<PaymentsAccount> {
  let row = await findPaymentAccount(ctx.db, userId);
  if (ctx.stripe && row && refresh && !row.chargesEnabled) {
    try {
      await storeAccountState(ctx.db, await ctx.stripe.accounts.retrieve(row.stripeAccountId));
      row = await findPaymentAccount(ctx.db, userId);
    } catch {
      // The webhook's account.updated will bring the state.
    }
  }
  return { status: paymentsAccountStatus(ctx.stripe !== null, row) };
}

/**
 * `POST /api/payments-account`: the speaker's Express account (created once; a second concurrent call gets
 * the same one through the idempotency key) and a fresh Account Link into Stripe's onboarding, which comes
 * back to Account Settings → Invoicing.
 */
export async function startOnboarding(
  ctx: CardPaymentsContext,
  user: { id: string; email: string },
): Promise<{ url: string }> {
  const { stripe, config } = ctx;
  if (!stripe) throw cardPaymentsOff();
  const existing = await findPaymentAccount(ctx.db, user.id);
  if (existing?.chargesEnabled) throw new AppError("CONFLICT", "Card payments are already set up.");
  try {
    const accountId = existing?.stripeAccountId ?? (await createAccount(ctx, stripe, user));
    const settings = `${config.APP_URL}/account-settings?tab=invoicing`;
    const link = await stripe.accountLinks.create({
      account: accountId,
      type: "account_onboarding",
      refresh_url: `${settings}&payments=refresh`,
      return_url: `${settings}&payments=return`,
    });
    return { url: link.url };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw stripeUnavailable();
  }
}

async function createAccount(
  ctx: CardPaymentsContext,
  stripe: StripeClient,
  user: { id: string; email: string },
) {
  const account = await stripe.accounts.create(
    {
      type: "express",
      email: user.email,
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      metadata: { user_id: user.id },
    },
    { idempotencyKey: `podium-connect-${user.id}` },
  );
  await ctx.db
    .insert(paymentAccounts)
    .values({ userId: user.id, stripeAccountId: account.id })
    // No arbiter: a concurrent call inserting the same pair meets the account id's unique index as often as
    // the user's key, and either way the row it wanted is there (on PostgreSQL, naming one index made the
    // other's violation an error, answered as "Stripe is not answering").
    .onConflictDoNothing();
  const kept = await findPaymentAccount(ctx.db, user.id);
  return kept!.stripeAccountId;
}
