import { and, eq, isNull } from "drizzle-orm";
import { currentActor } from "../../platform/auth/acting-login.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import { bookings, contracts, events, invoices, users } from "../../platform/db/schema.ts";
import { insertOutboxMessage } from "../../platform/mail/mailer.ts";
import { renderEmail } from "../../platform/mail/render.ts";
import { confirmEventIn } from "../events/confirm-event.ts";
import { recordActivity } from "../holds/activity.ts";

type BookingStatus = typeof bookings.$inferSelect.status;
export type SettledBooking = { hasBooking: boolean; outboxIds: string[] };
type SettledSteps = Record<"signedAt" | "depositPaidAt" | "confirmedAt", Date | null>;

/** The step a live booking is at, from its step times. */
export function bookingStatusOf(row: {
  openedAt: Date | null;
  signedAt: Date | null;
  depositPaidAt: Date | null;
  confirmedAt: Date | null;
}): BookingStatus {
  if (row.confirmedAt) return "confirmed";
  if (row.depositPaidAt) return "deposit_paid";
  if (row.signedAt) return "signed";
  return row.openedAt ? "opened" : "sent";
}

/**
 * Called in the transaction of every change that may complete a booking's pair (the planner's signature, a
 * deposit payment by card or recorded by the speaker): records the step times and, once the agreement is
 * signed and the deposit paid, confirms the event in that same transaction and tells the speaker
 * "Booked: <event>". `hasBooking` is false for an event without a live booking, whose contract confirms it
 * the old way (DESIGN §11: for an event with a booking this rule replaces it).
 */
export async function settleBookingIn(
  tx: Queryable,
  userId: string,
  eventId: string,
  appUrl: string,
  now: Date,
): Promise<SettledBooking> {
  const [booking] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.eventId, eventId), isNull(bookings.revokedAt)))
    .for("update");
  if (!booking) return { hasBooking: false, outboxIds: [] };
  const [contract] = booking.contractId
    ? await tx
        .select({ status: contracts.status })
        .from(contracts)
        .where(and(eq(contracts.userId, userId), eq(contracts.id, booking.contractId)))
    : [];
  const [deposit] = booking.depositInvoiceId
    ? await tx
        .select({ status: invoices.status })
        .from(invoices)
        .where(and(eq(invoices.userId, userId), eq(invoices.id, booking.depositInvoiceId)))
    : [];
  const isSigned = contract?.status === "signed" || contract?.status === "completed";
  const isPaid = deposit?.status === "paid";
  const steps = {
    openedAt: booking.openedAt,
    signedAt: booking.signedAt ?? (isSigned ? now : null),
    depositPaidAt: booking.depositPaidAt ?? (isPaid ? now : null),
    confirmedAt: booking.confirmedAt ?? (isSigned && isPaid ? now : null),
  };
  await noteNewSteps(tx, booking, steps);
  const outboxIds: string[] = [];
  if (steps.confirmedAt && !booking.confirmedAt) {
    await confirmEventIn(tx, userId, eventId, "Booking agreement signed and deposit paid", now);
    outboxIds.push(...(await tellSpeakerBooked(tx, userId, eventId, appUrl)));
  }
  await tx
    .update(bookings)
    .set(columns(bookings, { ...steps, status: bookingStatusOf(steps) }))
    .where(and(eq(bookings.userId, userId), eq(bookings.id, booking.id)));
  return { hasBooking: true, outboxIds };
}

/** What the event's activity says of each step a settlement may record. */
const STEP_NOTES = [
  ["signedAt", "booking_signed", "The planner signed the booking's agreement."],
  ["depositPaidAt", "booking_deposit_paid", "The booking's deposit is paid."],
  ["confirmedAt", "booking_confirmed", "Booked: the agreement is signed and the deposit paid."],
] as const;

/** Notes in the event's activity each step the booking took just now. */
async function noteNewSteps(tx: Queryable, booking: typeof bookings.$inferSelect, steps: SettledSteps) {
  // A card payment arrives with nobody signed in; a deposit recorded by the speaker's side names who did it.
  const actors = {
    signedAt: "planner",
    depositPaidAt: currentActor() ? "speaker" : "planner",
    confirmedAt: "system",
  } as const;
  for (const [step, type, detail] of STEP_NOTES) {
    const at = steps[step];
    if (!at || booking[step]) continue;
    await recordActivity(tx, {
      userId: booking.userId,
      eventId: booking.eventId,
      type,
      actor: actors[step],
      detail,
      at,
    });
  }
}

/** The speaker's "Booked" notice; none for a disabled account (decision 059), whose booking still settles. */
async function tellSpeakerBooked(tx: Queryable, userId: string, eventId: string, appUrl: string) {
  const [found] = await tx
    .select({ email: users.email, title: events.title, date: events.date })
    .from(events)
    .innerJoin(users, eq(users.id, events.userId))
    .where(and(eq(events.userId, userId), eq(events.id, eventId), isNull(users.disabledAt)));
  if (!found) return [];
  const outboxId = await insertOutboxMessage(
    tx,
    renderEmail({
      to: found.email,
      subject: `Booked: ${found.title}`,
      paragraphs: [
        `The planner signed the agreement and paid the deposit for "${found.title}" (${found.date}). The event is now confirmed.`,
      ],
      action: { label: "Open the event", url: `${appUrl}/events/${eventId}` },
    }),
  );
  return [outboxId];
}
