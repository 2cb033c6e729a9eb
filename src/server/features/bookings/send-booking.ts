import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, inArray, ne } from "drizzle-orm";
import { BOOKING_REVOKED_MESSAGE, type SendBookingInput } from "../../../shared/schemas/bookings.ts";
import { speakerDisplayName } from "../../../shared/speaker-name.ts";
import type { Queryable, Transaction } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import { bookings, contracts, files } from "../../platform/db/schema.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { renderEmail } from "../../platform/mail/render.ts";
import { insertDraftIn, sendDraftIn, voidIn } from "../contracts/manage-contracts.ts";
import type { ContractRow, Origin } from "../contracts/queries.ts";
import { writeWithPdf } from "../contracts/stored-pdf.ts";
import { findEventPlanner, plannerAddress } from "../events/planner-address.ts";
import { recordActivity } from "../holds/activity.ts";
import { insertBalanceAfterDepositIn, insertEventInvoicesIn } from "../invoices/create-event-invoices.ts";
import { voidInvoicesIn } from "../invoices/manage-invoice.ts";
import { lockInvoiceRow } from "../invoices/queries.ts";
import { markInvoiceSentIn } from "../invoices/send-invoice.ts";
import { findOwnEvent } from "../invoices/write-invoice.ts";
import { getSpeakerProfile } from "../profile/speaker-profile.ts";
import { bookingLinkExpiry, bookingTokenHash, bookingUrl, storedLinkExpiry } from "./booking-link.ts";
import { type MoneyPlan, planBookingMoney } from "./money-plan.ts";
import {
  type BookingContext,
  type BookingRow,
  findLinkEvent,
  isAgreementOutOfDate,
  toBooking,
} from "./queries.ts";

const CLOSED: ContractRow["status"][] = ["voided", "declined", "expired"];
const SIGNED: ContractRow["status"][] = ["signed", "completed"];
const REPLACED = "Replaced by a revised agreement on the booking link.";
const REVISED_FEES = "Replaced: the booking's agreement was revised with new fees.";

/**
 * `POST /api/events/:id/booking`: makes, in one transaction, whatever the booking lacks — the agreement from
 * the default template (sent without its own e-mail), the deposit and balance invoices from the event's fees
 * (marked sent, no e-mail) — and e-mails the planner the one link `/b/<token>`. Called again, it sends a newer
 * draft agreement of the event (or a new one when the last was voided) on the same link: before the planner
 * signed it replaces the unsigned one (the page says it changed); after, it is an amendment and the signed one
 * is kept.
 */
export async function sendBooking(
  context: BookingContext,
  userId: string,
  eventId: string,
  input: SendBookingInput,
  origin: Origin,
  now: Date,
) {
  if (!isUuid(eventId)) throw notFound("Event not found");
  const contractId = (await newerDraftId(context.db, userId, eventId)) ?? randomUUID();
  const outbox: string[] = [];
  const booking = await writeWithPdf<BookingRow>(
    context.contracts,
    { userId, contractId, kind: "sent" },
    async (tx) => {
      const event = await findOwnEvent(tx, userId, eventId);
      if (!event) throw notFound("Event not found");
      const [existing] = await tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.userId, userId), eq(bookings.eventId, eventId)))
        .for("update");
      if (existing?.revokedAt) {
        throw new AppError("CONFLICT", BOOKING_REVOKED_MESSAGE);
      }
      // The booking keeps writing to whom it was sent, unless told otherwise.
      const candidates = await findEventPlanner(tx, userId, eventId);
      const planner = plannerAddress({ to: input.to ?? existing?.recipientEmail, ...candidates });
      const to = planner.email;
      await context.contracts.mailer.assertMayMailThirdParty(tx, { userId, now }, [to]);
      const fileIds = input.fileIds ?? existing?.fileIds ?? [];
      await assertOwnFiles(tx, userId, fileIds);

      const isOutOfDate = existing !== undefined && isAgreementOutOfDate(existing, event);
      const plan = await planBookingMoney(
        tx,
        userId,
        event,
        existing,
        input.depositPercent,
        isOutOfDate,
        now,
        {
          lock: true,
        },
      );
      const agreement = await agreementToSend(tx, userId, eventId, existing, contractId, origin, now, {
        isOutOfDate,
        plan,
      });
      const money = await depositAndBalance(context, tx, userId, event, plan, to, now);
      const id = existing?.id ?? randomUUID();
      const values = {
        recipientEmail: to,
        message: input.message ?? existing?.message ?? null,
        contractId: agreement.draft?.id ?? existing?.contractId ?? null,
        earlierContractIds: agreement.earlierContractIds,
        depositInvoiceId: money.depositId,
        balanceInvoiceId: money.balanceId,
        fileIds,
        includeMediaKit: input.includeMediaKit ?? existing?.includeMediaKit ?? true,
        mediaKitSections: input.mediaKitSections ?? existing?.mediaKitSections ?? null,
        // Sending again revives a link its lapsed hold ended; the event's date and hold still bound it.
        expiresAt: storedLinkExpiry(event.date),
        contractRevisedAt:
          agreement.isRevision && existing?.openedAt ? now : (existing?.contractRevisedAt ?? null),
        // The page shows the figures of the agreement sent, until a revised one is sent (issue 41).
        ...(agreement.draft
          ? { agreedFee: event.fee, agreedTravelFee: event.travelFee }
          : { agreedFee: existing?.agreedFee ?? null, agreedTravelFee: existing?.agreedTravelFee ?? null }),
      };
      const [saved] = existing
        ? await tx
            .update(bookings)
            .set(columns(bookings, values))
            .where(and(eq(bookings.userId, userId), eq(bookings.id, id)))
            .returning()
        : await tx
            .insert(bookings)
            .values(
              columns(bookings, {
                ...values,
                id,
                userId,
                eventId,
                tokenHash: bookingTokenHash(context.linkKey, { id, linkVersion: 1 }),
                sentAt: now,
              }),
            )
            .returning();
      const row = saved!;
      outbox.push(await queueBookingEmail(context, tx, row, event, agreement.kind, now));
      const detail = `Booking link ${existing ? "sent again" : "sent"} to ${to}.`;
      await recordActivity(tx, { userId, eventId, type: "booking_sent", actor: "speaker", detail, at: now });
      if (!agreement.draft) return { done: row };
      const signerName = agreement.draft.signerName ?? planner.name ?? to;
      const send = await sendDraftIn(
        context.contracts,
        tx,
        agreement.draft,
        { signerName, signerEmail: to, speakerSignature: input.speakerSignature },
        origin,
        now,
        null,
      );
      if ("done" in send) return { done: row };
      return {
        shows: send.shows,
        store: async (pdf) => {
          await send.store(pdf);
          return row;
        },
      };
    },
  );
  await context.contracts.mailer.dispatch(outbox);
  const linkEvent = await findLinkEvent(context.db, userId, eventId);
  return toBooking(booking, linkEvent, bookingUrl(context.appUrl, context.linkKey, booking));
}

/** A draft agreement of the event made after its newest sent one: the speaker's change, to send next. */
export async function newerDraftId(db: Queryable, userId: string, eventId: string) {
  const [newestSent] = await db
    .select({ createdAt: contracts.createdAt })
    .from(contracts)
    .where(and(eq(contracts.userId, userId), eq(contracts.eventId, eventId), ne(contracts.status, "draft")))
    .orderBy(desc(contracts.createdAt))
    .limit(1);
  const [draft] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      and(
        eq(contracts.userId, userId),
        eq(contracts.eventId, eventId),
        eq(contracts.status, "draft"),
        ...(newestSent ? [gt(contracts.createdAt, newestSent.createdAt)] : []),
      ),
    )
    .orderBy(desc(contracts.createdAt))
    .limit(1);
  return draft?.id;
}

type AgreementPlan = {
  /** The draft to send now, or null when the booking's agreement stands. */
  draft: ContractRow | null;
  earlierContractIds: string[];
  isRevision: boolean;
  kind: "first" | "revision" | "amendment" | "reminder";
};

async function agreementToSend(
  tx: Transaction,
  userId: string,
  eventId: string,
  existing: BookingRow | undefined,
  contractId: string,
  origin: Origin,
  now: Date,
  { isOutOfDate, plan }: { isOutOfDate: boolean; plan: MoneyPlan },
): Promise<AgreementPlan> {
  const earlier = existing?.earlierContractIds ?? [];
  const [current] = existing?.contractId
    ? await tx
        .select()
        .from(contracts)
        .where(and(eq(contracts.userId, userId), eq(contracts.id, existing.contractId)))
        .for("update")
    : [];
  const [draft] = await tx
    .select()
    .from(contracts)
    .where(and(eq(contracts.userId, userId), eq(contracts.id, contractId), eq(contracts.status, "draft")))
    .for("update");
  const isCurrentOpen = current && !CLOSED.includes(current.status);
  // The event's fees moved since the agreement was sent: a fresh draft carries the new ones.
  if (isCurrentOpen && !draft && !isOutOfDate) {
    return { draft: null, earlierContractIds: earlier, isRevision: false, kind: "reminder" };
  }
  // A new draft states the deposit and balance the booking's invoices carry.
  const { terms, today } = plan;
  const deposit = { cents: terms.depositCents, dueDate: terms.depositDue };
  const next =
    draft ??
    (await insertDraftIn(tx, userId, eventId, undefined, origin, now, { id: contractId, today, deposit }));
  if (!current) return { draft: next, earlierContractIds: earlier, isRevision: false, kind: "first" };
  if (SIGNED.includes(current.status)) {
    return {
      draft: next,
      earlierContractIds: [...earlier, current.id],
      isRevision: false,
      kind: "amendment",
    };
  }
  if (isCurrentOpen) await voidIn(tx, current, REPLACED, origin, now);
  return { draft: next, earlierContractIds: earlier, isRevision: true, kind: "revision" };
}

type EventRow = NonNullable<Awaited<ReturnType<typeof findOwnEvent>>>;

/**
 * The booking's deposit and balance by the plan: the unpaid invoices of old fees voided, the standing ones
 * kept, and the missing ones made from the plan's terms; each is marked sent to the planner (its link works,
 * no e-mail).
 */
async function depositAndBalance(
  context: BookingContext,
  tx: Transaction,
  userId: string,
  event: EventRow,
  plan: MoneyPlan,
  to: string,
  now: Date,
) {
  const { terms, today } = plan;
  if (plan.replaced.length > 0) {
    await voidInvoicesIn(
      tx,
      userId,
      plan.replaced.map((invoice) => invoice.id),
      REVISED_FEES,
      now,
    );
  }
  let depositId = plan.deposit?.id;
  let balanceId = plan.balance?.id ?? null;
  if (!plan.deposit) {
    [depositId, balanceId = null] = await insertEventInvoicesIn(
      tx,
      userId,
      event,
      {
        schedule: "deposit_balance",
        depositPercent: plan.depositPercent,
        depositDueDate: terms.depositDue,
        balanceDueDate: terms.balanceDue,
      },
      plan.defaultDueDays,
      today,
      now,
    );
  } else if (!plan.balance && terms.balanceCents > 0) {
    const balance = { cents: terms.balanceCents, dueDate: terms.balanceDue };
    balanceId = await insertBalanceAfterDepositIn(tx, userId, event, plan.deposit, balance, today, now);
  }
  for (const id of [depositId, balanceId]) {
    if (!id) continue;
    const row = await lockInvoiceRow(tx, userId, id);
    if (row.status === "draft" || row.recipientEmail !== to) {
      await markInvoiceSentIn(tx, context.invoiceLinkKey, row, to, now);
    }
  }
  return { depositId: depositId!, balanceId };
}

async function assertOwnFiles(tx: Queryable, userId: string, fileIds: string[]) {
  if (fileIds.length === 0) return;
  const found = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.userId, userId), inArray(files.id, fileIds)));
  if (found.length !== new Set(fileIds).size) {
    throw new AppError("BAD_REQUEST", "Choose files from your own library.", {
      fields: { fileIds: "One of the files was not found" },
    });
  }
}

const SUBJECTS: Record<AgreementPlan["kind"], (speaker: string, title: string) => string> = {
  first: (speaker, title) => `${speaker}: your booking for "${title}"`,
  reminder: (speaker, title) => `${speaker}: your booking for "${title}"`,
  revision: (speaker, title) => `${speaker} changed the agreement for "${title}"`,
  amendment: (speaker, title) => `${speaker} sent an amendment for "${title}"`,
};

/** The one e-mail of a booking: the link, counted against the speaker's third-party mail limits. */
async function queueBookingEmail(
  context: BookingContext,
  tx: Queryable,
  row: BookingRow,
  event: EventRow,
  kind: AgreementPlan["kind"],
  now: Date,
) {
  const eventTitle = event.title;
  const profile = await getSpeakerProfile(tx, row.userId);
  const speaker = speakerDisplayName(profile, { atStart: true });
  const message = renderEmail({
    to: row.recipientEmail,
    subject: SUBJECTS[kind](speaker, eventTitle),
    paragraphs: [
      `Everything for "${eventTitle}" is on one page: review and sign the agreement, pay the deposit, and find the materials for the talk. No account is needed.`,
      ...(row.message ? [row.message] : []),
    ],
    action: { label: "Open your booking", url: bookingUrl(context.appUrl, context.linkKey, row) },
    footnote: `The link works until ${bookingLinkExpiry(row.expiresAt, event).toUTCString()}.`,
  });
  return context.contracts.mailer.queueToThirdParty(
    tx,
    { userId: row.userId, now },
    { ...message, ...(profile.email ? { replyTo: profile.email } : {}) },
  );
}
