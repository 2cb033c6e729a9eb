import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from "node:crypto";
import type { RelyingParty } from "./context.ts";

/**
 * A software passkey for API tests: an ES256 key made with node:crypto, answering WebAuthn options with the
 * attestation "none" and assertions signed by hand, as a browser and its authenticator would.
 */

type CborValue = number | string | Uint8Array | CborMap | { [key: string]: CborValue };
interface CborMap extends Map<CborValue, CborValue> {}

/** The little CBOR (RFC 8949) an attestation object needs: integers, text, bytes and maps. */
function cbor(value: CborValue): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string")
    return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = value instanceof Map ? [...value] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();
const b64url = (data: Buffer) => data.toString("base64url");

export type SoftPasskey = {
  credentialId: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  counter: number;
  /** The user handle given at registration (what a discoverable sign-in answers with). */
  userHandle: string | null;
};

export function createSoftPasskey(): SoftPasskey {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  return { credentialId: randomBytes(16), privateKey, publicKey, counter: 0, userHandle: null };
}

function clientData(type: string, challenge: string, origin: string) {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** Flags: user present (0x01) and, unless told otherwise, user verified (0x04). */
const flagsOf = (isUserVerified: boolean) => 0x01 | (isUserVerified ? 0x04 : 0);

/** The `POST /api/passkeys` body's `response` for registration options. */
export function attest(
  passkey: SoftPasskey,
  options: { challenge: string; user: { id: string } },
  relyingParty: Pick<RelyingParty, "id" | "origin">,
) {
  passkey.userHandle = options.user.id;
  const jwk = passkey.publicKey.export({ format: "jwk" });
  const coseKey: CborMap = new Map<CborValue, CborValue>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x!, "base64url")],
    [-3, Buffer.from(jwk.y!, "base64url")],
  ]);
  const idLength = Buffer.from([0, passkey.credentialId.length]);
  const authData = Buffer.concat([
    sha256(relyingParty.id),
    Buffer.from([flagsOf(true) | 0x40]),
    Buffer.alloc(4),
    Buffer.alloc(16),
    idLength,
    passkey.credentialId,
    cbor(coseKey),
  ]);
  const attestationObject = cbor({ fmt: "none", attStmt: {}, authData });
  return {
    id: b64url(passkey.credentialId),
    rawId: b64url(passkey.credentialId),
    type: "public-key",
    response: {
      clientDataJSON: b64url(clientData("webauthn.create", options.challenge, relyingParty.origin)),
      attestationObject: b64url(attestationObject),
      transports: ["internal"],
    },
    clientExtensionResults: {},
  };
}

/** A signed answer to authentication options; the counter moves forward each time. */
export function assert(
  passkey: SoftPasskey,
  options: { challenge: string },
  relyingParty: Pick<RelyingParty, "id" | "origin">,
  { isUserVerified = true }: { isUserVerified?: boolean } = {},
) {
  passkey.counter += 1;
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(passkey.counter);
  const authenticatorData = Buffer.concat([
    sha256(relyingParty.id),
    Buffer.from([flagsOf(isUserVerified)]),
    counter,
  ]);
  const clientDataJSON = clientData("webauthn.get", options.challenge, relyingParty.origin);
  const signature = createSign("sha256")
    .update(Buffer.concat([authenticatorData, sha256(clientDataJSON)]))
    .sign(passkey.privateKey);
  return {
    id: b64url(passkey.credentialId),
    rawId: b64url(passkey.credentialId),
    type: "public-key",
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authenticatorData),
      signature: b64url(signature),
      userHandle: passkey.userHandle ?? undefined,
    },
    clientExtensionResults: {},
  };
}
