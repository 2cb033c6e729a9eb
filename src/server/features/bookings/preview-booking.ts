import { and, desc, eq } from "drizzle-orm";
import { renderMergeFields } from "../../../shared/contract-merge.ts";
import { dollarsFromCents } from "../../../shared/money.ts";
import {
  BOOKING_REVOKED_MESSAGE,
  type BookingPreview,
  MEDIA_KIT_SECTIONS,
  NO_FEE_MESSAGE,
  NO_PLANNER_EMAIL,
} from "../../../shared/schemas/bookings.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { bookings, contracts, files } from "../../platform/db/schema.ts";
import { notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { getCountersignSettings } from "../contracts/countersign-settings.ts";
import { loadMergeValues } from "../contracts/merge-values.ts";
import { templateForDraft } from "../contracts/templates.ts";
import { findEventPlanner, findPlannerAddress } from "../events/planner-address.ts";
import type { InvoiceRow } from "../invoices/queries.ts";
import { findOwnEvent } from "../invoices/write-invoice.ts";
import { type MoneyPlan, planBookingMoney } from "./money-plan.ts";
import { findLinkEvent, isAgreementOutOfDate, toBooking } from "./queries.ts";
import { newerDraftId } from "./send-booking.ts";

const CLOSED = new Set(["voided", "declined", "expired"]);
const SIGNED = new Set(["signed", "completed"]);

/**
 * `GET /api/events/:id/booking/preview`: what `POST /api/events/:id/booking` would make or use, for the
 * speaker's last look, following the send's own choices — and writing nothing (only the default template is
 * made on first use, as listing the templates does).
 */
export async function previewBookingSend(
  db: Queryable,
  userId: string,
  eventId: string,
  depositPercent: number | undefined,
  now: Date,
): Promise<BookingPreview> {
  const event = isUuid(eventId) ? await findOwnEvent(db, userId, eventId) : null;
  if (!event) throw notFound("Event not found");
  const [existing] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.eventId, eventId)));
  const candidates = await findEventPlanner(db, userId, eventId);
  const to = findPlannerAddress({ to: existing?.recipientEmail, ...candidates })?.email ?? null;
  const gross = event.fee + event.travelFee;
  const isOutOfDate = existing !== undefined && isAgreementOutOfDate(existing, event);
  const plan = await planBookingMoney(db, userId, event, existing, depositPercent, isOutOfDate, now, {
    lock: false,
  });
  const [agreement, library, countersign] = await Promise.all([
    agreementPreview(db, userId, eventId, event.title, existing?.contractId ?? null, plan, isOutOfDate),
    db
      .select({ id: files.id, filename: files.filename, contentType: files.contentType, size: files.size })
      .from(files)
      .where(eq(files.userId, userId))
      .orderBy(desc(files.createdAt)),
    getCountersignSettings(db, userId),
  ]);
  const problems = [
    ...(to ? [] : [NO_PLANNER_EMAIL]),
    ...(existing?.revokedAt ? [BOOKING_REVOKED_MESSAGE] : []),
    ...(!plan.deposit && gross === 0 ? [NO_FEE_MESSAGE] : []),
  ];
  return {
    to,
    booking: existing ? toBooking(existing, await findLinkEvent(db, userId, eventId)) : null,
    agreement,
    ...moneyPreview(plan, existing),
    depositPercent: plan.depositPercent,
    fee: dollarsFromCents(event.fee),
    travelFee: dollarsFromCents(event.travelFee),
    grossFee: dollarsFromCents(gross),
    files: library,
    mediaKitSections: existing?.mediaKitSections ?? [...MEDIA_KIT_SECTIONS],
    autoCountersign: countersign.autoCountersign,
    problems,
  };
}

async function agreementPreview(
  db: Queryable,
  userId: string,
  eventId: string,
  eventTitle: string,
  currentId: string | null,
  plan: MoneyPlan,
  isOutOfDate: boolean,
): Promise<BookingPreview["agreement"]> {
  const [current] = currentId
    ? await db
        .select()
        .from(contracts)
        .where(and(eq(contracts.userId, userId), eq(contracts.id, currentId)))
    : [];
  const draftId = await newerDraftId(db, userId, eventId);
  const [draft] = draftId
    ? await db
        .select()
        .from(contracts)
        .where(and(eq(contracts.userId, userId), eq(contracts.id, draftId)))
    : [];
  const isCurrentOpen = current && !CLOSED.has(current.status);
  if (isCurrentOpen && !draft && !isOutOfDate) {
    return {
      action: "keep",
      id: current.id,
      title: current.title,
      templateName: null,
      missingFields: current.missingFields,
    };
  }
  if (draft) {
    const action = !current || !isCurrentOpen ? "use" : SIGNED.has(current.status) ? "amend" : "revise";
    return {
      action,
      id: draft.id,
      title: draft.title,
      templateName: null,
      missingFields: draft.missingFields,
    };
  }
  const template = await templateForDraft(db, userId, undefined);
  const { terms, today } = plan;
  const deposit = { cents: terms.depositCents, dueDate: terms.depositDue };
  const values = await loadMergeValues(db, userId, eventId, today, deposit);
  const { missing } = renderMergeFields(template.body, values);
  const revises = isCurrentOpen ? (SIGNED.has(current.status) ? "amend" : "revise") : null;
  return {
    action: revises ?? "create",
    id: null,
    title: `${template.name} — ${eventTitle}`.slice(0, 200),
    templateName: template.name,
    missingFields: missing,
  };
}

/** The deposit and balance a send would keep, use or make, by the send's own plan. */
function moneyPreview(
  plan: MoneyPlan,
  existing: { depositInvoiceId: string | null; balanceInvoiceId: string | null } | undefined,
) {
  const standing = (invoice: InvoiceRow, kept: string | null | undefined) => ({
    action: invoice.id === kept ? ("keep" as const) : ("use" as const),
    id: invoice.id,
    title: `Invoice ${invoice.number}`,
    total: dollarsFromCents(invoice.total),
  });
  const made = (title: string, cents: number) => ({
    action: "create" as const,
    id: null,
    title,
    total: dollarsFromCents(cents),
  });
  const { deposit, balance, terms } = plan;
  return {
    deposit: deposit
      ? standing(deposit, existing?.depositInvoiceId)
      : made(`Deposit (${plan.depositPercent}%)`, terms.depositCents),
    balance: balance
      ? standing(balance, existing?.balanceInvoiceId)
      : deposit && terms.balanceCents === 0
        ? null
        : made("Balance", terms.balanceCents),
  };
}
