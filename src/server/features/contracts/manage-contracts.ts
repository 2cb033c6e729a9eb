import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { BLANK_LINE, renderMergeFields } from "../../../shared/contract-merge.ts";
import type { DepositBasis } from "../../../shared/payment-terms.ts";
import {
  type contractListQuerySchema,
  NO_SIGNER_NAME,
  type SendContractInput,
  type SignatureInput,
  type updateContractSchema,
} from "../../../shared/schemas/contracts.ts";
import { speakerDisplayName } from "../../../shared/speaker-name.ts";
import { sha256 } from "../../platform/auth/tokens.ts";
import type { Database, Queryable, Transaction } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import { type ContractSignature, contracts } from "../../platform/db/schema.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { REPLY_FOOTNOTE, renderEmail } from "../../platform/mail/render.ts";
import { settleBookingIn } from "../bookings/settle-booking.ts";
import { confirmEventIn } from "../events/confirm-event.ts";
import { findEventPlanner, plannerAddress } from "../events/planner-address.ts";
import { speakerIdentity } from "../profile/speaker-identity.ts";
import {
  assertTextAsSent,
  type ContractContext,
  contractTextSha256,
  readBytes,
  signingToken,
  signingUrl,
} from "./context.ts";
import type { CertificateSigner, SignatureBlock } from "./contract-pdf.ts";
import { defaultSigner, loadMergeValues } from "./merge-values.ts";
import {
  auditOf,
  type ContractRow,
  contractNotFound,
  draftEventOf,
  eventTitleOf,
  findContract,
  listContractRows,
  type Origin,
  recordAudit,
  toContract,
} from "./queries.ts";
import { assertSignatureImageFits } from "./signature-image.ts";
import { type ContractWrite, type StoredPdf, writeWithPdf } from "./stored-pdf.ts";
import { templateForDraft } from "./templates.ts";

const DAY = 86_400_000;
/** One contract of its owner, for the writes that follow a locked read of it. */
export const ownContract = (row: Pick<ContractRow, "userId" | "id">) =>
  and(eq(contracts.userId, row.userId), eq(contracts.id, row.id));
const conflict = (message: string) => new AppError("CONFLICT", message);
const isoDay = (now: Date) => now.toISOString().slice(0, 10);

export async function withEventTitle(db: Queryable, row: ContractRow, publicUrl: string | null = null) {
  return {
    ...toContract(row, await eventTitleOf(db, row.userId, row.eventId), publicUrl),
    missingFields: row.missingFields,
  };
}

/**
 * `GET /api/contracts/:id`: the speaker (or their team) opening the agreement is their reading of it, which
 * automatic countersigning waits for when a planner's answers were merged into it (issue 40).
 */
export async function openContract(db: Queryable, userId: string, id: string, now: Date) {
  const row = await findContract(db, userId, id);
  if (row.speakerReadAt || row.speakerSignedAt) return withEventTitle(db, row);
  const [read] = await db.update(contracts).set({ speakerReadAt: now }).where(ownContract(row)).returning();
  return withEventTitle(db, read ?? row);
}

export async function listContracts(
  db: Queryable,
  userId: string,
  query: z.output<typeof contractListQuerySchema>,
) {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(contracts.status, query.status));
  if (query.eventId) filters.push(eq(contracts.eventId, query.eventId));
  const rows = await listContractRows(db, userId, filters);
  return rows.map(({ contract, eventTitle }) => ({
    ...toContract(contract, eventTitle),
    missingFields: contract.missingFields,
  }));
}

/** `POST /api/events/:id/contracts`: a draft from a template with the event's data filled in. */
export async function createDraft(
  context: ContractContext,
  userId: string,
  eventId: string,
  templateId: string | undefined,
  origin: Origin,
  now: Date,
) {
  const { db } = context;
  if (!isUuid(eventId)) throw notFound("Event not found");
  const row = await db.transaction((tx) => insertDraftIn(tx, userId, eventId, templateId, origin, now));
  return withEventTitle(db, row);
}

/**
 * The draft of `createDraft` in the caller's transaction. The booking page names the contract in advance
 * (`id`: it renders the PDF before committing) and gives the payment terms its invoices follow.
 */
export async function insertDraftIn(
  tx: Queryable,
  userId: string,
  eventId: string,
  templateId: string | undefined,
  origin: Origin,
  now: Date,
  booking?: { id: string; today: string; deposit: DepositBasis },
) {
  const event = await draftEventOf(tx, userId, eventId);
  if (!event) throw notFound("Event not found");
  const template = await templateForDraft(tx, userId, templateId);
  const today = booking?.today ?? isoDay(now);
  const values = await loadMergeValues(tx, userId, eventId, today, booking?.deposit);
  const { text, missing } = renderMergeFields(template.body, values);
  const signer = await defaultSigner(tx, userId, eventId);
  const [created] = await tx
    .insert(contracts)
    .values(
      columns(contracts, {
        ...(booking ? { id: booking.id } : {}),
        userId,
        eventId,
        templateId: template.id,
        title: `${template.name} — ${event.title}`.slice(0, 200),
        body: text,
        missingFields: missing,
        plannerFilledAt: event.plannerFilledAt,
        signerName: signer?.name ?? null,
        signerEmail: signer?.email ?? null,
      }),
    )
    .returning();
  await recordAudit(tx, created!, "created", "speaker", origin, now, { templateId: template.id });
  return created!;
}

/** The speaker's contract while it is a draft: every change and deletion of a contract's text has this in its WHERE. */
const isOwnDraft = (userId: string, id: string) =>
  and(eq(contracts.userId, userId), eq(contracts.id, id), eq(contracts.status, "draft"));

/** PATCH: drafts only. The row is locked, so a send under way finishes first and this answers 409. */
export async function updateDraft(
  db: Database,
  userId: string,
  id: string,
  input: z.output<typeof updateContractSchema>,
) {
  const updated = await db.transaction(async (tx) => {
    const row = await findContract(tx, userId, id, true);
    if (row.status !== "draft") throw conflict("Only a draft can be edited; this contract was sent.");
    const missingFields =
      input.body === undefined ? row.missingFields : input.body.includes(BLANK_LINE) ? row.missingFields : [];
    const [changed] = await tx
      .update(contracts)
      .set(columns(contracts, { ...input, missingFields }))
      .where(isOwnDraft(userId, id))
      .returning();
    return changed!;
  });
  return withEventTitle(db, updated);
}

export async function deleteDraft(db: Database, userId: string, id: string) {
  await db.transaction(async (tx) => {
    const row = await findContract(tx, userId, id, true);
    if (row.status !== "draft") throw conflict("Only a draft can be deleted; void a sent contract instead.");
    await tx.delete(contracts).where(isOwnDraft(userId, id));
  });
}

const signatureOf = (input: SignatureInput, origin: Origin, at: Date): ContractSignature => ({
  typedName: input.typedName,
  signatureImage: input.signatureImage ?? null,
  at: at.toISOString(),
  ip: origin.ip,
  userAgent: origin.userAgent,
});

const signatureBlocks = async (db: Queryable, row: ContractRow): Promise<SignatureBlock[]> => {
  const speaker = await speakerIdentity(db, row.userId);
  return [
    {
      role: "Speaker",
      name: speakerDisplayName(speaker.names, { atStart: true }),
      signature: row.speakerSignature,
    },
    { role: "Client", name: row.signerName ?? "", signature: row.clientSignature },
  ];
};

/** `POST /api/contracts/:id/send`: freezes the text, renders and stores the PDF, e-mails the signing link. */
export async function sendContract(
  context: ContractContext,
  userId: string,
  id: string,
  input: SendContractInput,
  origin: Origin,
  now: Date,
) {
  assertSignatureImageFits(input.speakerSignature?.signatureImage, "speakerSignature.signatureImage");
  const outbox: string[] = [];
  const row = await writeWithPdf(context, { userId, contractId: id, kind: "sent" }, async (tx) => {
    const draft = await findContract(tx, userId, id, true);
    return sendDraftIn(
      context,
      tx,
      draft,
      { ...input, ...(await signerOf(tx, draft, input)) },
      origin,
      now,
      outbox,
    );
  });
  await context.mailer.dispatch(outbox);
  return withEventTitle(context.db, row, signingUrl(context, row.id, row.sentAt!));
}

/** The signer given, else the event's planner by the one rule (`plannerAddress`); 409 without an address. */
async function signerOf(db: Queryable, draft: ContractRow, input: SendContractInput) {
  const candidates = draft.eventId ? await findEventPlanner(db, draft.userId, draft.eventId) : null;
  const planner = plannerAddress({ to: input.signerEmail, ...candidates });
  const named = draft.signerEmail?.toLowerCase() === planner.email.toLowerCase() ? draft.signerName : null;
  const signerName = input.signerName ?? planner.name ?? named;
  if (!signerName)
    throw new AppError("BAD_REQUEST", NO_SIGNER_NAME, { fields: { signerName: NO_SIGNER_NAME } });
  return { signerName, signerEmail: planner.email };
}

/**
 * The write of `sendContract` for a locked draft, inside `writeWithPdf`. With an `outbox` the signing link is
 * e-mailed; without one nothing is (the booking page carries the link in its own e-mail instead).
 */
export async function sendDraftIn(
  context: ContractContext,
  tx: Transaction,
  draft: ContractRow,
  input: SendContractInput & { signerName: string; signerEmail: string },
  origin: Origin,
  now: Date,
  outbox: string[] | null,
): Promise<ContractWrite<ContractRow>> {
  const { userId, id } = draft;
  if (draft.status !== "draft") throw conflict("This contract was already sent.");
  const speakerSignature = input.speakerSignature ? signatureOf(input.speakerSignature, origin, now) : null;
  const frozen: ContractRow = {
    ...draft,
    signerName: input.signerName,
    signerEmail: input.signerEmail,
    speakerSignature,
  };
  const shows = {
    agreement: { title: draft.title, body: draft.body, signatures: await signatureBlocks(tx, frozen) },
  };
  const store = async (pdf: StoredPdf) => {
    const [sent] = await tx
      .update(contracts)
      .set({
        status: "sent",
        signerName: input.signerName,
        signerEmail: input.signerEmail,
        message: input.message || null,
        sentAt: now,
        expiresAt: new Date(now.getTime() + (input.expiresInDays ?? 30) * DAY),
        tokenHash: sha256(signingToken(context.linkKey, id, now)),
        documentKey: pdf.key,
        documentSha256: contractTextSha256(draft),
        pdfSha256: pdf.sha256,
        speakerSignature,
        speakerSignedAt: speakerSignature ? now : null,
      })
      .where(isOwnDraft(userId, id))
      .returning();
    await recordAudit(tx, sent!, "sent", "speaker", origin, now, {
      to: input.signerEmail,
      documentSha256: sent!.documentSha256,
      pdfSha256: sent!.pdfSha256,
    });
    if (speakerSignature) {
      await recordAudit(tx, sent!, "countersigned", "speaker", origin, now, {
        typedName: speakerSignature.typedName,
      });
    }
    if (outbox) outbox.push(await queueSigningEmail(context, tx, sent!, "request", now));
    return sent!;
  };
  return { shows, store };
}

/** The e-mail with the signing link: the first request, or a reminder (the mail rule may refuse either). */
export async function queueSigningEmail(
  context: ContractContext,
  db: Queryable,
  row: ContractRow,
  kind: "request" | "reminder",
  now: Date,
) {
  const speaker = await speakerIdentity(db, row.userId);
  const name = speakerDisplayName(speaker.names, { atStart: true });
  const expires = row.expiresAt ? ` The link works until ${row.expiresAt.toUTCString()}.` : "";
  return context.mailer.queueToThirdParty(
    db,
    { userId: row.userId, now },
    {
      ...renderEmail({
        to: row.signerEmail!,
        subject: `${kind === "reminder" ? "Reminder: " : ""}${name} sent you "${row.title}" to sign`,
        greeting: `Hi ${row.signerName},`,
        paragraphs: [
          `${name} asks you to review and sign "${row.title}". You can sign on your phone or computer; no account is needed.`,
          ...(row.message ? [row.message] : []),
        ],
        action: { label: "Review and sign", url: signingUrl(context, row.id, row.sentAt!) },
        footnote: `${REPLY_FOOTNOTE}${expires}`,
      }),
      // Answers reach the speaker (or the member who sent it, when the owner chose so: DESIGN §11).
      replyTo: speaker.email,
    },
  );
}

/** An e-mail to the speaker about one of their contracts, with a link to it. */
export async function speakerNotice(
  context: ContractContext,
  db: Queryable,
  row: ContractRow,
  subject: string,
  paragraph: string,
) {
  const speaker = await speakerIdentity(db, row.userId);
  return context.mailer.queue(
    db,
    renderEmail({
      to: speaker.email,
      subject,
      paragraphs: [paragraph],
      action: { label: "Open the contract", url: `${context.appUrl}/contracts/${row.id}` },
    }),
  );
}

/** `POST /api/contracts/:id/countersign`: the speaker's signature; completes once the client has signed. */
export async function countersign(
  context: ContractContext,
  userId: string,
  id: string,
  input: SignatureInput,
  origin: Origin,
  now: Date,
) {
  assertSignatureImageFits(input.signatureImage, "signatureImage");
  const outbox: string[] = [];
  const row = await writeWithPdf(context, { userId, contractId: id, kind: "final" }, async (tx) => {
    const current = await findContract(tx, userId, id, true);
    if (!["sent", "viewed", "signed"].includes(current.status)) {
      throw conflict(
        current.status === "draft" ? "Send the contract first." : `This contract is ${current.status}.`,
      );
    }
    if (current.speakerSignedAt) throw conflict("You have already signed this contract.");
    assertTextAsSent(current);
    const signature = signatureOf(input, origin, now);
    const [signed] = await tx
      .update(contracts)
      .set({ speakerSignature: signature, speakerSignedAt: now })
      .where(ownContract(current))
      .returning();
    await recordAudit(tx, signed!, "countersigned", "speaker", origin, now, {
      typedName: signature.typedName,
    });
    if (signed!.status !== "signed") return { done: signed! };
    return completeContract(context, tx, signed!, now, outbox);
  });
  await context.mailer.dispatch(outbox);
  return withEventTitle(context.db, row);
}

/**
 * Both have signed: the final PDF (the agreement with both signatures, then the certificate page), sealed
 * with the instance's certificate, stored with its SHA-256 and e-mailed to both parties; the event becomes
 * Confirmed (from Inquiry or Hold) with a note. A text that no longer hashes to the one sent is never sealed.
 * Run through `writeWithPdf`, which renders what this names and then calls `store`.
 */
export async function completeContract(
  context: ContractContext,
  tx: Transaction,
  row: ContractRow,
  now: Date,
  outbox: string[],
): Promise<ContractWrite<ContractRow>> {
  assertTextAsSent(row);
  const speaker = await speakerIdentity(tx, row.userId);
  const signatures = await signatureBlocks(tx, row);
  await recordAudit(tx, row, "completed", "system", { ip: null, userAgent: null }, now);
  const audit = (await auditOf(tx, row.userId, row.id)).map(({ type, at, actor, ip }) => ({
    type,
    at,
    actor,
    ip,
  }));
  const signers: CertificateSigner[] = [
    {
      role: "Client",
      name: row.signerName!,
      email: row.signerEmail!,
      signature: row.clientSignature!,
      viewedAt: row.viewedAt,
      consentedAt: row.consentedAt,
    },
    {
      role: "Speaker",
      name: speakerDisplayName(speaker.names, { atStart: true }),
      email: speaker.email,
      signature: row.speakerSignature!,
      viewedAt: null,
      consentedAt: null,
    },
  ];
  const shows = {
    agreement: { title: row.title, body: row.body, signatures },
    completion: {
      certificate: {
        contractId: row.id,
        title: row.title,
        documentSha256: row.documentSha256!,
        pdfSha256: row.pdfSha256,
        completedAt: now,
        signers,
        audit,
      },
      signingTime: now,
    },
  };
  const store = async (sealed: StoredPdf) => {
    const [completed] = await tx
      .update(contracts)
      .set({ status: "completed", completedAt: now, finalKey: sealed.key, finalSha256: sealed.sha256 })
      .where(ownContract(row))
      .returning();
    const attachment = {
      filename: `${row.title.replace(/[^\p{L}\p{N} ._-]+/gu, "").trim() || "contract"}.pdf`,
      contentType: "application/pdf",
      contentBase64: sealed.bytes.toString("base64"),
    };
    for (const person of [
      { to: row.signerEmail!, name: row.signerName!, isSigner: true },
      // The speaker's own copy: their profile's name, as every mail to the speaker greets them.
      { to: speaker.email, name: speaker.names.name ?? "there", isSigner: false },
    ]) {
      const message = {
        ...renderEmail({
          to: person.to,
          subject: `Signed: ${row.title}`,
          greeting: `Hi ${person.name},`,
          paragraphs: [
            `"${row.title}" is signed by both parties. The sealed PDF, with its signing certificate, is attached.`,
            `Its SHA-256 fingerprint is ${completed!.finalSha256}.`,
          ],
        }),
        attachments: [attachment],
      };
      outbox.push(
        person.isSigner
          ? // A follow-up to the signing link: counted, never refused, so a limit never blocks a signature.
            await context.mailer.queueToThirdParty(tx, { userId: row.userId, now, isFollowUp: true }, message)
          : await context.mailer.queue(tx, message),
      );
    }
    await confirmEvent(context, tx, completed!, now, outbox);
    return completed!;
  };
  return { shows, store };
}

/**
 * The signed agreement confirms the booking: Inquiry or Hold becomes Confirmed, noted on the event. An event
 * with a booking link waits for its deposit too (DESIGN §11), which `settleBookingIn` decides.
 */
async function confirmEvent(
  context: ContractContext,
  tx: Transaction,
  row: ContractRow,
  now: Date,
  outbox: string[],
) {
  if (!row.eventId) return;
  const booking = await settleBookingIn(tx, row.userId, row.eventId, context.appUrl, now);
  outbox.push(...booking.outboxIds);
  if (booking.hasBooking) return;
  await confirmEventIn(tx, row.userId, row.eventId, `Contract "${row.title}" signed by both parties`, now);
}

/** `POST /api/contracts/:id/remind`: the signing link again, now. */
export async function remindNow(
  context: ContractContext,
  userId: string,
  id: string,
  origin: Origin,
  now: Date,
) {
  const outbox: string[] = [];
  const row = await context.db.transaction(async (tx) => {
    const current = await findContract(tx, userId, id, true);
    if (current.status !== "sent" && current.status !== "viewed") {
      throw conflict("Only a contract waiting for the client's signature can be reminded.");
    }
    return sendReminder(context, tx, current, "speaker", origin, now, outbox);
  });
  await context.mailer.dispatch(outbox);
  return withEventTitle(context.db, row);
}

export async function sendReminder(
  context: ContractContext,
  tx: Transaction,
  row: ContractRow,
  actor: "speaker" | "system",
  origin: Origin,
  now: Date,
  outbox: string[],
) {
  const [reminded] = await tx
    .update(contracts)
    .set({ remindersSent: row.remindersSent + 1, lastRemindedAt: now })
    .where(ownContract(row))
    .returning();
  await recordAudit(tx, row, "reminded", actor, origin, now, {
    to: row.signerEmail,
    count: row.remindersSent + 1,
  });
  outbox.push(await queueSigningEmail(context, tx, reminded!, "reminder", now));
  return reminded!;
}

/** `POST /api/contracts/:id/void`: the link stops working at once and the signer is told. */
export async function voidContract(
  context: ContractContext,
  userId: string,
  id: string,
  reason: string,
  origin: Origin,
  now: Date,
) {
  const outbox: string[] = [];
  const row = await context.db.transaction(async (tx) => {
    const current = await findContract(tx, userId, id, true);
    if (!["sent", "viewed", "signed"].includes(current.status)) {
      throw conflict(
        current.status === "draft"
          ? "A draft is not sent yet; delete it instead."
          : `A ${current.status} contract cannot be voided.`,
      );
    }
    const voided = await voidIn(tx, current, reason, origin, now);
    const speaker = await speakerIdentity(tx, userId);
    outbox.push(
      // A follow-up to the signing link: counted, never refused, so a limit never blocks a void.
      await context.mailer.queueToThirdParty(
        tx,
        { userId, now, isFollowUp: true },
        {
          ...renderEmail({
            to: current.signerEmail!,
            subject: `Cancelled: ${current.title}`,
            greeting: `Hi ${current.signerName},`,
            paragraphs: [
              `${speakerDisplayName(speaker.names, { atStart: true })} has cancelled "${current.title}"; its signing link no longer works.`,
              `Reason: ${reason}`,
            ],
            footnote: REPLY_FOOTNOTE,
          }),
          replyTo: speaker.email,
        },
      ),
    );
    return voided!;
  });
  await context.mailer.dispatch(outbox);
  return withEventTitle(context.db, row);
}

/** Voids a locked contract in the caller's transaction: its link stops; telling the signer is the caller's. */
export async function voidIn(tx: Queryable, row: ContractRow, reason: string, origin: Origin, now: Date) {
  const [voided] = await tx
    .update(contracts)
    .set({ status: "voided", voidedAt: now, voidReason: reason })
    .where(ownContract(row))
    .returning();
  await recordAudit(tx, voided!, "voided", "speaker", origin, now, { reason });
  return voided!;
}

/** The PDF for the speaker: the sealed one once completed, else the one sent, else 404 for a draft. */
export async function contractPdf(context: ContractContext, userId: string, id: string) {
  const row = await findContract(context.db, userId, id);
  const key = row.finalKey ?? row.documentKey;
  if (!key) throw notFound("This contract has no PDF until it is sent.");
  return { bytes: await readBytes(context.storage, key), row };
}

/** Ids of open contracts of any speaker, for the sweep. */
export async function openContractIds(db: Queryable) {
  const rows = await db
    .select({ id: contracts.id, userId: contracts.userId })
    .from(contracts)
    .where(inArray(contracts.status, ["sent", "viewed"]));
  return rows;
}

export { contractNotFound };
