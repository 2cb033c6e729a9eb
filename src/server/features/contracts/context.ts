import { createHash, createHmac } from "node:crypto";
import type { Database } from "../../platform/db/client.ts";
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
  /** Derives signing-link tokens, so a reminder can send the same link while the database keeps a hash. */
  secret: string;
  certificate: () => SealingCertificate;
};

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The signing link's token: 256 bits from HMAC(secret, contract id, sent time); only its SHA-256 is stored. */
export const signingToken = (secret: string, contractId: string, sentAt: Date) =>
  createHmac("sha256", secret)
    .update(`contract-sign:${contractId}:${sentAt.toISOString()}`)
    .digest("base64url");

export const signingUrl = (context: ContractContext, contractId: string, sentAt: Date) =>
  `${context.appUrl}/sign/${signingToken(context.secret, contractId, sentAt)}`;

/** Storage keys sit under the owner's prefix, so deleting the account removes them. */
export const documentKeyOf = (userId: string, contractId: string, kind: "sent" | "final") =>
  `${userId}/contract-${contractId}-${kind}.pdf`;
