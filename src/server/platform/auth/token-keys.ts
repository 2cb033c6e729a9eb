import { hkdfSync } from "node:crypto";

/**
 * Every kind of token the server derives or signs rather than stores. Each has its own key, so one kind can
 * be rotated without touching the others (decision 037).
 */
export const TOKEN_PURPOSES = [
  "csrf",
  "invoice-link",
  "contract-sign",
  "inquiry-form",
  "calendar-feed",
  "booking-link",
  "questionnaire-link",
] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];
export type TokenKeys = Readonly<Record<TokenPurpose, string>>;
/** The key generation of each purpose; 1 when not named in TOKEN_KEY_VERSIONS. */
export type TokenKeyVersions = Partial<Record<TokenPurpose, number>>;

const SALT = "podium token keys";

/** The HKDF `info` label of one purpose's key, e.g. `podium invoice-link v1`. */
export const tokenKeyLabel = (purpose: TokenPurpose, version: number) => `podium ${purpose} v${version}`;

/** One 256-bit key per purpose: HKDF-SHA-256 of the root secret (SESSION_SECRET) with the purpose's label. */
export function deriveTokenKeys(secret: string, versions: TokenKeyVersions = {}): TokenKeys {
  const entries = TOKEN_PURPOSES.map((purpose) => {
    const key = hkdfSync("sha256", secret, SALT, tokenKeyLabel(purpose, versions[purpose] ?? 1), 32);
    return [purpose, Buffer.from(key).toString("base64url")] as const;
  });
  return Object.fromEntries(entries) as Record<TokenPurpose, string>;
}
