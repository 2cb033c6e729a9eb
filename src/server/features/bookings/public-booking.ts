import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { dollarsFromCents } from "../../../shared/money.ts";
import {
  type MediaKitSection,
  type PublicBooking,
  SIGN_FIRST_MESSAGE,
  UNAVAILABLE_MESSAGE,
} from "../../../shared/schemas/bookings.ts";
import type { SignContractInput } from "../../../shared/schemas/contracts.ts";
import type { IsTeamVisit } from "../../platform/auth/team-visit.ts";
import { sha256 } from "../../platform/auth/tokens.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { bookings, contracts, events, files, invoices, users } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import { signingToken } from "../contracts/context.ts";
import { publicContractOf, signContract, viewContract } from "../contracts/public-contracts.ts";
import type { ContractRow, Origin } from "../contracts/queries.ts";
import { speakerToday } from "../follow-ups/notification-settings.ts";
import { recordActivity } from "../holds/activity.ts";
import { canPayByCard, createInvoiceCheckout } from "../invoices/card-checkout.ts";
import { loadInvoiceDocument } from "../invoices/invoice-document.ts";
import { invoiceUrl } from "../invoices/invoice-link.ts";
import type { InvoiceRow } from "../invoices/queries.ts";
import { loadMediaKit } from "../media-kit/queries.ts";
import { getSpeakerProfile } from "../profile/speaker-profile.ts";
import { bookingQuestionnaireForm } from "../questionnaires/public-questionnaire.ts";
import { bookingLinkLastDay } from "./booking-link.ts";
import type { BookingContext, BookingRow } from "./queries.ts";
import { bookingStatusOf } from "./settle-booking.ts";

/** Unknown, revoked, expired, or of a disabled account: the same 404 as every public page (§9). */
export const unavailable = () => new AppError("NOT_FOUND", UNAVAILABLE_MESSAGE);
const SIGNABLE: ContractRow["status"][] = ["sent", "viewed", "signed", "completed"];
const isSigned = (contract: ContractRow | null) =>
  contract?.status === "signed" || contract?.status === "completed";

/** The live booking a `/b/<token>` opens. */
export async function openBooking(db: Queryable, token: string, now: Date) {
  if (token.length < 20 || token.length > 100) throw unavailable();
  const [row] = await db
    .select({
      booking: bookings,
      event: { date: events.date, status: events.status, holdExpiresAt: events.holdExpiresAt },
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(events, and(eq(events.userId, bookings.userId), eq(events.id, bookings.eventId)))
    .where(and(eq(bookings.tokenHash, sha256(token)), isNull(users.disabledAt)));
  if (!row || row.booking.revokedAt || row.booking.expiresAt <= now) throw unavailable();
  // The last day counts in the speaker's calendar, as the holds sweep counts a hold's.
  const today = await speakerToday(db, row.booking.userId, now);
  if (bookingLinkLastDay(row.event) < today) throw unavailable();
  return row.booking;
}

async function contractOf(db: Queryable, booking: BookingRow) {
  if (!booking.contractId) return null;
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.userId, booking.userId), eq(contracts.id, booking.contractId)));
  return row && SIGNABLE.includes(row.status) ? row : null;
}

async function invoiceOf(db: Queryable, booking: BookingRow, id: string | null) {
  if (!id) return null;
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.userId, booking.userId), eq(invoices.id, id)));
  return row && row.status !== "void" && row.status !== "draft" ? row : null;
}

/**
 * `GET /api/public/bookings/:token`: counts the view (not the speaker's nor their team's) and, the first time,
 * marks the booking opened and the agreement viewed, as its `/sign` page would.
 */
export async function viewBooking(
  context: BookingContext,
  token: string,
  viewer: { origin: Origin; isTeam: IsTeamVisit },
  now: Date,
): Promise<PublicBooking> {
  const { db } = context;
  let booking = await openBooking(db, token, now);
  let contract = await contractOf(db, booking);
  if (await viewer.isTeam(booking.userId)) return describeBooking(context, booking, contract, now);
  const openedAt = booking.openedAt ?? now;
  const [counted] = await db.transaction(async (tx) => {
    if (!booking.openedAt) {
      const { userId, eventId } = booking;
      const detail = "The planner opened the booking page.";
      await recordActivity(tx, {
        userId,
        eventId,
        type: "booking_opened",
        actor: "planner",
        detail,
        at: now,
      });
    }
    return tx
      .update(bookings)
      .set({
        viewCount: sql`${bookings.viewCount} + 1`,
        lastViewedAt: now,
        openedAt,
        status: booking.revokedAt ? "revoked" : bookingStatusOf({ ...booking, openedAt }),
      })
      .where(and(eq(bookings.userId, booking.userId), eq(bookings.id, booking.id)))
      .returning();
  });
  booking = counted!;
  if (contract?.status === "sent") {
    await viewContract(db, contractToken(context, contract), viewer.origin, now, viewer.isTeam);
    contract = await contractOf(db, booking);
  }
  return describeBooking(context, booking, contract, now);
}

/** The booking as its page shows it, recording nothing: what the server renders `/b/<token>` with. */
export async function previewBooking(context: BookingContext, token: string, now: Date) {
  const booking = await openBooking(context.db, token, now);
  return describeBooking(context, booking, await contractOf(context.db, booking), now);
}

const contractToken = (context: BookingContext, contract: ContractRow) =>
  signingToken(context.contracts.linkKey, contract.id, contract.sentAt!);

async function describeBooking(
  context: BookingContext,
  booking: BookingRow,
  contract: ContractRow | null,
  now: Date,
): Promise<PublicBooking> {
  const { db } = context;
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.userId, booking.userId), eq(events.id, booking.eventId)));
  const [profile, deposit, balance, shared, kit] = await Promise.all([
    getSpeakerProfile(db, booking.userId),
    invoiceOf(db, booking, booking.depositInvoiceId),
    invoiceOf(db, booking, booking.balanceInvoiceId),
    booking.fileIds.length
      ? db
          .select({
            id: files.id,
            filename: files.filename,
            contentType: files.contentType,
            size: files.size,
          })
          .from(files)
          .where(and(eq(files.userId, booking.userId), inArray(files.id, booking.fileIds)))
      : [],
    booking.includeMediaKit ? loadMediaKit(db, booking.userId) : null,
  ]);
  const shown = contract ? await publicContractOf(db, contract) : null;
  const fee = booking.agreedFee ?? event!.fee;
  const travelFee = booking.agreedTravelFee ?? event!.travelFee;
  const isPaid = deposit?.status === "paid" || booking.depositPaidAt !== null;
  const step = contract && !isSigned(contract) ? "sign" : !isPaid && deposit ? "pay" : "done";
  const { headshotFileIds: _h, resourceFileIds: _r, slug: _s, ...mediaKit } = kit ?? {};
  return {
    speaker: {
      name: profile.name,
      title: profile.title,
      businessName: profile.businessName,
      email: profile.email,
      phone: profile.phone,
      website: profile.website,
    },
    event: {
      title: event!.title,
      date: event!.date,
      time: event!.time,
      venueName: event!.venueName,
      city: event!.city,
      state: event!.state,
      // The figures of the agreement sent on the link, not the event's if they moved since (issue 41).
      fee: dollarsFromCents(fee),
      travelFee: dollarsFromCents(travelFee),
      grossFee: dollarsFromCents(fee + travelFee),
    },
    contract:
      contract && shown
        ? {
            status: shown.status,
            title: shown.title,
            body: shown.body,
            documentSha256: shown.documentSha256,
            signerName: shown.signerName,
            disclosure: shown.disclosure,
            clientSignedAt: shown.clientSignedAt,
            revisedAt: booking.contractRevisedAt?.toISOString() ?? null,
            isAmendment: booking.earlierContractIds.length > 0,
          }
        : null,
    deposit: deposit ? await bookingInvoice(context, deposit, now) : null,
    // The balance comes once the talk is booked.
    balance: balance && booking.confirmedAt ? await bookingInvoice(context, balance, now) : null,
    files: shared,
    mediaKit: kit ? onlySections(mediaKit as PublicKit, booking.mediaKitSections) : null,
    questionnaire: await bookingQuestionnaireForm(
      db,
      { userId: booking.userId, id: booking.eventId, date: event!.date },
      now,
    ),
    message: booking.message,
    step,
  };
}

type PublicKit = NonNullable<PublicBooking["mediaKit"]>;
const NO_LINKS = { website: null, linkedin: null, youtube: null, instagram: null, x: null };

/** The media kit with only the sections the speaker chose to send (null: all of them). */
function onlySections(kit: PublicKit, sections: MediaKitSection[] | null): PublicKit {
  if (!sections) return kit;
  const has = (section: MediaKitSection) => sections.includes(section);
  return {
    ...kit,
    ...(has("bio")
      ? {}
      : { headline: null, shortBio: null, longBio: null, travelsFrom: null, feeRange: null }),
    ...(has("topics") ? {} : { topics: [] }),
    ...(has("videos") ? {} : { videos: [] }),
    ...(has("testimonials") ? {} : { testimonials: [] }),
    ...(has("links") ? {} : { links: NO_LINKS }),
  };
}

async function bookingInvoice(context: BookingContext, row: InvoiceRow, now: Date) {
  const { view } = await loadInvoiceDocument(context.db, row, now);
  return {
    ...view,
    status: row.status as "sent" | "partial" | "paid",
    canPayByCard: await canPayByCard(context.cards, row),
    url: invoiceUrl(context.appUrl, context.invoiceLinkKey, row),
  };
}

/**
 * `POST /api/public/bookings/:token/sign`: the very signing of `/sign` (consent, typed name, drawn signature,
 * audit trail, the fingerprint's 409), on the booking's current agreement.
 */
export async function signBooking(
  context: BookingContext,
  token: string,
  input: SignContractInput,
  origin: Origin,
  now: Date,
) {
  const booking = await openBooking(context.db, token, now);
  const contract = await contractOf(context.db, booking);
  if (!contract) throw new AppError("CONFLICT", "There is no agreement to sign on this booking.");
  await signContract(context.contracts, contractToken(context, contract), input, origin, now);
  const signed = await openBooking(context.db, token, now);
  const deposit = await invoiceOf(context.db, signed, signed.depositInvoiceId);
  return { step: deposit && deposit.status !== "paid" ? ("pay" as const) : ("done" as const) };
}

/** `POST /api/public/bookings/:token/checkout`: the invoice page's Checkout, for the deposit, back to `/b/`. */
export async function checkoutDeposit(context: BookingContext, token: string, now: Date) {
  const booking = await openBooking(context.db, token, now);
  const contract = await contractOf(context.db, booking);
  if (contract && !isSigned(contract)) throw new AppError("CONFLICT", SIGN_FIRST_MESSAGE);
  const deposit = await invoiceOf(context.db, booking, booking.depositInvoiceId);
  if (!deposit) throw new AppError("CONFLICT", "This booking has no deposit to pay.");
  const page = `${context.appUrl}/b/${encodeURIComponent(token)}`;
  return createInvoiceCheckout(context.cards, deposit, page, now);
}

/** A file the booking carries, for its download. */
export async function findBookingFile(db: Queryable, token: string, fileId: string, now: Date) {
  const booking = await openBooking(db, token, now);
  if (!booking.fileIds.includes(fileId)) throw unavailable();
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.userId, booking.userId), eq(files.id, fileId)));
  if (!file) throw unavailable();
  return file;
}
