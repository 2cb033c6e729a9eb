import { and, eq, isNull, lte, or } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import { stripeEvents, stripeSubscriptionStatus, subscriptions } from "../../platform/db/schema.ts";
import { type Stripe, stripeId } from "../../platform/stripe/client.ts";

type StripeStatus = NonNullable<(typeof subscriptions.$inferSelect)["status"]>;

/** What an event says about a customer's subscription; undefined fields are left as they are. */
type StateChange = {
  customerId: string | null;
  stripeSubscriptionId?: string | null;
  status?: StripeStatus;
  currentPeriodEnd?: Date | null;
  cancelAtPeriodEnd?: boolean;
};

export const HANDLED_EVENT_TYPES = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
]);

/**
 * Acts on one verified event inside the caller's transaction (DESIGN §9): records its id (a repeat does
 * nothing and answers false) and moves the customer's subscription, unless a newer event already did.
 * Events for customers Podium does not know, and events of connected accounts, are recorded and otherwise
 * ignored.
 */
export async function applyStripeEvent(tx: Queryable, event: Stripe.Event): Promise<boolean> {
  // An event of a speaker's connected account (Stripe Connect) is about their clients' payments, never about
  // Podium's own subscriptions, whatever its type and customer id say (issue 27, item 15).
  const change = event.account ? null : readStateChange(event);
  const customerId = change?.customerId ?? null;
  const [owner] = customerId
    ? await tx
        .select({ userId: subscriptions.userId })
        .from(subscriptions)
        .where(eq(subscriptions.stripeCustomerId, customerId))
    : [];
  const eventAt = new Date(event.created * 1000);
  const [recorded] = await tx
    .insert(stripeEvents)
    .values({
      id: event.id,
      type: event.type,
      createdAt: eventAt,
      stripeCustomerId: customerId,
      userId: owner?.userId,
    })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  if (!recorded) return false;
  if (!change || !owner) return true;

  const { customerId: _customer, ...fields } = change;
  if (fields.stripeSubscriptionId) {
    // Whatever the order of events: a row that lacks the subscription id gets it, so deleting the account
    // can cancel it (rows from before the id was stored included).
    await tx
      .update(subscriptions)
      .set({ stripeSubscriptionId: fields.stripeSubscriptionId })
      .where(and(eq(subscriptions.userId, owner.userId), isNull(subscriptions.stripeSubscriptionId)));
  }
  await tx
    .update(subscriptions)
    .set(columns(subscriptions, { ...fields, stateAt: eventAt }))
    .where(
      and(
        eq(subscriptions.userId, owner.userId),
        // Newer state wins: an event older than the one that set the current state changes nothing.
        or(isNull(subscriptions.stateAt), lte(subscriptions.stateAt, eventAt)),
      ),
    );
  return true;
}

const STRIPE_STATUSES = new Set<string>(stripeSubscriptionStatus.enumValues);

/** A status this API version may add later is left out rather than stored wrongly. */
function knownStatus(status: string): StripeStatus | undefined {
  return STRIPE_STATUSES.has(status) ? (status as StripeStatus) : undefined;
}

function readStateChange(event: Stripe.Event): StateChange | null {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      if (session.mode !== "subscription") return null;
      return {
        customerId: stripeId(session.customer),
        stripeSubscriptionId: stripeId(session.subscription),
        // The subscription events that follow carry the details; this makes the return page current at once.
        status: session.payment_status === "paid" ? "active" : "trialing",
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const periodEnd = subscription.items?.data?.[0]?.current_period_end;
      return {
        customerId: stripeId(subscription.customer),
        stripeSubscriptionId: subscription.id,
        status:
          event.type === "customer.subscription.deleted" ? "canceled" : knownStatus(subscription.status),
        currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
      };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const subscriptionId = stripeId(invoice.parent?.subscription_details?.subscription);
      if (!subscriptionId) return null;
      const periodEnd = invoice.lines?.data?.[0]?.period?.end;
      return {
        customerId: stripeId(invoice.customer),
        stripeSubscriptionId: subscriptionId,
        status: event.type === "invoice.paid" ? "active" : "past_due",
        ...(event.type === "invoice.paid" && periodEnd && { currentPeriodEnd: new Date(periodEnd * 1000) }),
      };
    }
    default:
      return null;
  }
}
