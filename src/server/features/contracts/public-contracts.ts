import { and, eq, getTableColumns, isNull } from "drizzle-orm";
import {
  ALREADY_SIGNED_MESSAGE,
  CONSENT_REQUIRED_MESSAGE,
  DOCUMENT_CHANGED_MESSAGE,
  ESIGN_DISCLOSURE,
  NO_LONGER_SIGNABLE_MESSAGE,
  type PublicContract,
  type SignContractInput,
} from "../../../shared/schemas/contracts.ts";
import type { IsTeamVisit } from "../../platform/auth/team-visit.ts";
import { sha256 } from "../../platform/auth/tokens.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { contracts, tasks, users } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import { settleBookingIn } from "../bookings/settle-booking.ts";
import { speakerToday } from "../follow-ups/notification-settings.ts";
import { getSpeakerProfile } from "../profile/speaker-profile.ts";
import { assertTextAsSent, type ContractContext, readBytes } from "./context.ts";
import { countersignAutomaticallyIn } from "./countersign-settings.ts";
import { completeContract, ownContract, speakerNotice } from "./manage-contracts.ts";
import { type ContractRow, type Origin, recordAudit } from "./queries.ts";
import { assertSignatureImageFits } from "./signature-image.ts";
import { writeWithPdf } from "./stored-pdf.ts";

/** Why automatic countersigning waited (issue 40): the speaker's signature never signs text nobody read. */
export const HELD_FOR_READING =
  "Your automatic countersignature waited: the planner's questionnaire answers filled in parts of this agreement, and you have not opened it since. Read it and countersign it to complete the agreement.";
export const LINK_UNAVAILABLE = "This signing link is not valid.";
const unknownLink = () => new AppError("NOT_FOUND", LINK_UNAVAILABLE);
const gone = () => new AppError("GONE", NO_LONGER_SIGNABLE_MESSAGE);

/** A contract past its expiry counts as expired even before the sweep marks it. */
const isClosed = (row: ContractRow, now: Date) =>
  row.status === "voided" ||
  row.status === "expired" ||
  row.status === "declined" ||
  (row.expiresAt !== null && row.expiresAt <= now && !row.clientSignedAt);

async function findByToken(db: Queryable, token: string, lock = false) {
  if (token.length < 20 || token.length > 100) throw unknownLink();
  const query = db
    .select(getTableColumns(contracts))
    .from(contracts)
    // A disabled account's contracts cannot be opened or signed (DESIGN §10).
    .innerJoin(users, eq(users.id, contracts.userId))
    .where(and(eq(contracts.tokenHash, sha256(token)), isNull(users.disabledAt)));
  const [row] = lock ? await query.for("update", { of: contracts }) : await query;
  if (!row || row.status === "draft") throw unknownLink();
  return row;
}

/** Throws 410 for a contract that can no longer be signed (voided, expired, declined). */
export async function openSigningLink(db: Queryable, token: string, now: Date) {
  const row = await findByToken(db, token);
  if (isClosed(row, now)) throw gone();
  return row;
}

/** `GET /api/public/contracts/:token`: the document and the consent text; the first opening records `viewed`. */
export async function viewContract(
  db: Queryable,
  token: string,
  origin: Origin,
  now: Date,
  isTeam: IsTeamVisit,
): Promise<PublicContract> {
  let row = await openSigningLink(db, token, now);
  if (row.status === "sent" && !(await isTeam(row.userId))) {
    const [viewed] = await db
      .update(contracts)
      .set({ status: "viewed", viewedAt: now, viewedIp: origin.ip, viewedUserAgent: origin.userAgent })
      .where(ownContract(row))
      .returning();
    await recordAudit(db, row, "viewed", "signer", origin, now);
    row = viewed!;
  }
  return publicContractOf(db, row);
}

/** What the signer is shown of a contract (the answer of `viewContract`), recording nothing. */
export async function publicContractOf(db: Queryable, row: ContractRow): Promise<PublicContract> {
  const profile = await getSpeakerProfile(db, row.userId);
  return {
    title: row.title,
    body: row.body,
    status: row.status,
    signerName: row.signerName!,
    speaker: {
      name: profile.name,
      businessName: profile.businessName,
      email: profile.email,
    },
    message: row.message,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    clientSignedAt: row.clientSignedAt?.toISOString() ?? null,
    disclosure: ESIGN_DISCLOSURE,
    documentSha256: row.documentSha256!,
    pdfSha256: row.pdfSha256,
  };
}

/** The document as sent (or sealed, once completed), for the signer. */
export async function publicPdf(context: ContractContext, token: string, now: Date) {
  const row = await openSigningLink(context.db, token, now);
  return { bytes: await readBytes(context.storage, (row.finalKey ?? row.documentKey)!), row };
}

/**
 * `POST /api/public/contracts/:token/sign`: consent, typed name and signature; completes when the speaker
 * signed. A `documentSha256` other than the one recorded at sending (the page showed another text) answers
 * 409 and signs nothing, as does a stored text that no longer hashes to it.
 */
export async function signContract(
  context: ContractContext,
  token: string,
  input: SignContractInput,
  origin: Origin,
  now: Date,
) {
  if (input.consent !== true) {
    throw new AppError("BAD_REQUEST", CONSENT_REQUIRED_MESSAGE, {
      fields: { consent: CONSENT_REQUIRED_MESSAGE },
    });
  }
  assertSignatureImageFits(input.signatureImage, "signatureImage");
  const outbox: string[] = [];
  const unsigned = await findByToken(context.db, token);
  const placement = { userId: unsigned.userId, contractId: unsigned.id, kind: "final" as const };
  const result = await writeWithPdf(context, placement, async (tx) => {
    const row = await findByToken(tx, token, true);
    if (row.clientSignedAt) throw new AppError("CONFLICT", ALREADY_SIGNED_MESSAGE);
    if (isClosed(row, now)) throw gone();
    if (input.documentSha256 !== undefined && input.documentSha256 !== row.documentSha256) {
      throw new AppError("CONFLICT", DOCUMENT_CHANGED_MESSAGE);
    }
    assertTextAsSent(row);
    const signature = {
      typedName: input.typedName,
      signatureImage: input.signatureImage ?? null,
      at: now.toISOString(),
      ip: origin.ip,
      userAgent: origin.userAgent,
    };
    const [clientSigned] = await tx
      .update(contracts)
      .set({ status: "signed", consentedAt: now, clientSignature: signature, clientSignedAt: now })
      .where(ownContract(row))
      .returning();
    await recordAudit(tx, row, "consented", "signer", origin, now, { disclosure: ESIGN_DISCLOSURE });
    await recordAudit(tx, row, "signed", "signer", origin, now, {
      typedName: input.typedName,
      drawn: Boolean(input.signatureImage),
    });
    const { row: signed, isHeldForReading } = await countersignAutomaticallyIn(tx, clientSigned!, now);
    if (signed.speakerSignedAt) return completeContract(context, tx, signed, now, outbox);
    if (signed.eventId) {
      const booking = await settleBookingIn(tx, row.userId, signed.eventId, context.appUrl, now);
      outbox.push(...booking.outboxIds);
    }
    if (isHeldForReading) {
      await tx.insert(tasks).values({
        userId: row.userId,
        eventId: row.eventId,
        title: `Read and countersign: ${row.title}`,
        dueDate: await speakerToday(tx, row.userId, now),
      });
    }
    outbox.push(
      await speakerNotice(
        context,
        tx,
        signed,
        `Ready to countersign: ${row.title}`,
        `${row.signerName} signed "${row.title}". ${isHeldForReading ? HELD_FOR_READING : "Countersign it to complete the agreement."}`,
      ),
    );
    return { done: signed };
  });
  await context.mailer.dispatch(outbox);
  return { status: result.status };
}

/** `POST /api/public/contracts/:token/decline`. */
export async function declineContract(
  context: ContractContext,
  token: string,
  reason: string,
  origin: Origin,
  now: Date,
) {
  const outbox: string[] = [];
  await context.db.transaction(async (tx) => {
    const row = await findByToken(tx, token, true);
    if (row.clientSignedAt) throw new AppError("CONFLICT", ALREADY_SIGNED_MESSAGE);
    if (isClosed(row, now)) throw gone();
    await tx
      .update(contracts)
      .set({ status: "declined", declinedAt: now, declineReason: reason })
      .where(ownContract(row));
    await recordAudit(tx, row, "declined", "signer", origin, now, { reason });
    outbox.push(
      await speakerNotice(
        context,
        tx,
        row,
        `Declined: ${row.title}`,
        `${row.signerName} declined "${row.title}". Reason: ${reason}`,
      ),
    );
  });
  await context.mailer.dispatch(outbox);
  return { status: "declined" as const };
}
