import { sql } from "drizzle-orm";
import { bureauPartners, events } from "../../platform/db/schema.ts";

/**
 * The bureau's commission on an event, in cents: its partner's rate applied to the speaking fee (travel is
 * passed through, not commissioned), rounded to the cent; 0 without a partner or a rate. A correlated
 * subquery, so it works in any query over `events`, joined to its partner or not.
 */
export const commissionCents = sql<number>`coalesce((select round(${events.fee}::bigint * ${bureauPartners.commissionBasisPoints} / 10000.0)::integer
  from ${bureauPartners} where ${bureauPartners.id} = ${events.bureauPartnerId}
  and ${bureauPartners.userId} = ${events.userId}), 0)`;

/** Gross fee (fee + travel fee) less the bureau's commission, in cents: what the speaker keeps. */
export const netFeeCents = sql<number>`(${events.fee} + ${events.travelFee} - ${commissionCents})`;
