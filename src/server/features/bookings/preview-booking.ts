import { and, desc, eq, inArray, ne } from "drizzle-orm";
import { renderMergeFields } from "../../../shared/contract-merge.ts";
import { dollarsFromCents, percentToBasisPoints } from "../../../shared/money.ts";
import {
  BOOKING_REVOKED_MESSAGE,
  type BookingPreview,
  DEFAULT_BOOKING_DEPOSIT_PERCENT,
  MEDIA_KIT_SECTIONS,
  NO_FEE_MESSAGE,
  NO_PLANNER_EMAIL,
} from "../../../shared/schemas/bookings.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { bookings, contracts, files, invoices } from "../../platform/db/schema.ts";
import { notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { getCountersignSettings } from "../contracts/countersign-settings.ts";
import { loadMergeValues } from "../contracts/merge-values.ts";
import { templateForDraft } from "../contracts/templates.ts";
import { findEventPlanner, findPlannerAddress } from "../events/planner-address.ts";
import { splitDeposit } from "../invoices/amounts.ts";
import { findOwnEvent } from "../invoices/write-invoice.ts";
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
  today: string,
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
  const percent = depositPercent ?? DEFAULT_BOOKING_DEPOSIT_PERCENT;
  const [agreement, money, library, countersign] = await Promise.all([
    agreementPreview(db, userId, eventId, event.title, existing?.contractId ?? null, today, isOutOfDate),
    moneyPreview(db, userId, eventId, existing, gross, percent),
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
    ...(money.deposit.action === "create" && gross === 0 ? [NO_FEE_MESSAGE] : []),
  ];
  return {
    to,
    booking: existing ? toBooking(existing, await findLinkEvent(db, userId, eventId)) : null,
    agreement,
    ...money,
    depositPercent: percent,
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
  today: string,
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
  const values = await loadMergeValues(db, userId, eventId, today);
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

async function moneyPreview(
  db: Queryable,
  userId: string,
  eventId: string,
  existing: { depositInvoiceId: string | null; balanceInvoiceId: string | null } | undefined,
  gross: number,
  percent: number,
) {
  const standing = await db
    .select({ id: invoices.id, kind: invoices.kind, number: invoices.number, total: invoices.total })
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, userId),
        eq(invoices.eventId, eventId),
        inArray(invoices.kind, ["deposit", "balance"]),
        ne(invoices.status, "void"),
      ),
    )
    .orderBy(desc(invoices.createdAt));
  const pick = (kind: "deposit" | "balance", kept: string | null | undefined) =>
    standing.find((invoice) => invoice.id === kept) ?? standing.find((invoice) => invoice.kind === kind);
  const deposit = pick("deposit", existing?.depositInvoiceId);
  const balance = pick("balance", existing?.balanceInvoiceId);
  const isKept = (id: string | undefined, kept: string | null | undefined) => id !== undefined && id === kept;
  if (deposit) {
    return {
      deposit: {
        action: isKept(deposit.id, existing?.depositInvoiceId) ? ("keep" as const) : ("use" as const),
        id: deposit.id,
        title: `Invoice ${deposit.number}`,
        total: dollarsFromCents(deposit.total),
      },
      balance: balance
        ? {
            action: isKept(balance.id, existing?.balanceInvoiceId) ? ("keep" as const) : ("use" as const),
            id: balance.id,
            title: `Invoice ${balance.number}`,
            total: dollarsFromCents(balance.total),
          }
        : null,
    };
  }
  const split = splitDeposit(gross, percentToBasisPoints(percent));
  return {
    deposit: {
      action: "create" as const,
      id: null,
      title: `Deposit (${percent}%)`,
      total: dollarsFromCents(split.deposit),
    },
    balance: {
      action: "create" as const,
      id: null,
      title: "Balance",
      total: dollarsFromCents(split.balance),
    },
  };
}
