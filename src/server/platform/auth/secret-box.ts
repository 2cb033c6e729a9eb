import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Secrets the server must read back (an authenticator app's TOTP secret), sealed at rest with AES-256-GCM
 * (decision 057). The key is derived from the root secret (SESSION_SECRET) by HKDF under its own label, so it
 * is no token key and TOKEN_KEY_VERSIONS never changes it. A sealed value is bound to its row's owner (the
 * additional data), so one copied onto another account's row does not open.
 */
const PREFIX = "sealed.v1.";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type SecretBoxKey = Buffer;

export function deriveSecretBoxKey(rootSecret: string): SecretBoxKey {
  return Buffer.from(hkdfSync("sha256", rootSecret, "podium secret box", "podium totp-secret v1", 32));
}

/** `sealed.v1.<iv><ciphertext><tag>` in base64url, bound to `owner`. */
export function sealSecret(key: SecretBoxKey, plain: string, owner: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv).setAAD(Buffer.from(owner));
  const sealed = Buffer.concat([iv, cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return PREFIX + sealed.toString("base64url");
}

/**
 * The plain secret of a stored value: a sealed one opened, or one stored before sealing (plain) as it is. Null
 * when a sealed value does not open (another root secret, another owner, or changed bytes).
 */
export function openSecret(key: SecretBoxKey, stored: string, owner: string): string | null {
  if (!stored.startsWith(PREFIX)) return stored;
  const bytes = Buffer.from(stored.slice(PREFIX.length), "base64url");
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES))
      .setAAD(Buffer.from(owner))
      .setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const body = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
