import { createHash, createHmac } from "node:crypto";
import { TEXT_NOT_AS_SENT_MESSAGE } from "../../../shared/schemas/contracts.ts";
import type { Database } from "../../platform/db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import type { ObjectStore } from "../../platform/storage/object-store.ts";
import type { SealingCertificate } from "./seal.ts";

export { putBytes, readBytes } from "../../platform/storage/object-bytes.ts";

/** What the contract operations need from the app; the sweep builds the same from main.ts. */
export type ContractContext = {
  db: Database;
  storage: ObjectStore;
  mailer: Mailer;
  appUrl: string;
  /** The signing links' key (decision 037): a reminder sends the same link while the database keeps a hash. */
  linkKey: string;
  certificate: () => SealingCertificate;
};

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * The `documentSha256` recorded at sending: SHA-256 (hex) of the text as sent, the title, a blank line and
 * the body in UTF-8 (DESIGN §10 "freezes the text, records its SHA-256").
 */
export const contractTextSha256 = (contract: { title: string; body: string }) =>
  sha256Hex(Buffer.from(`${contract.title}\n\n${contract.body}`, "utf8"));

/** Throws 409 unless the stored text still hashes to the one recorded at sending: nothing else is signed. */
export function assertTextAsSent(contract: { title: string; body: string; documentSha256: string | null }) {
  if (contract.documentSha256 !== contractTextSha256(contract)) {
    throw new AppError("CONFLICT", TEXT_NOT_AS_SENT_MESSAGE);
  }
}

/** The signing link's token: 256 bits from HMAC(key, contract id, sent time); only its SHA-256 is stored. */
export const signingToken = (linkKey: string, contractId: string, sentAt: Date) =>
  createHmac("sha256", linkKey)
    .update(`contract-sign:${contractId}:${sentAt.toISOString()}`)
    .digest("base64url");

export const signingUrl = (context: ContractContext, contractId: string, sentAt: Date) =>
  `${context.appUrl}/sign/${signingToken(context.linkKey, contractId, sentAt)}`;
