import { hmac, safeEqual } from "../../platform/auth/tokens.ts";

/** A person needs a few seconds to fill in the form; a faster submission is a bot's (DESIGN §10). */
export const MIN_FILL_MS = 3000;
/** A form left open for a week is still a person's; older tokens are refused. */
export const MAX_FORM_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const signature = (secret: string, userId: string, issuedAt: number) =>
  hmac(secret, `inquiry-form:${userId}:${issuedAt}`);

/** The form's token: when it was handed out, signed for this speaker with the app's secret. */
export function issueFormToken(secret: string, userId: string, now: Date): string {
  const issuedAt = now.getTime();
  return `${issuedAt}.${signature(secret, userId, issuedAt)}`;
}

/** True for a token this app signed for this speaker, handed out between 3 s and 7 days before `now`. */
export function isAcceptableFormToken(
  secret: string,
  userId: string,
  token: string | undefined,
  now: Date,
): boolean {
  const [issued, signed, ...rest] = token?.split(".") ?? [];
  if (!issued || !signed || rest.length > 0 || !/^\d{1,15}$/.test(issued)) return false;
  const issuedAt = Number(issued);
  if (!safeEqual(signed, signature(secret, userId, issuedAt))) return false;
  const age = now.getTime() - issuedAt;
  return age >= MIN_FILL_MS && age <= MAX_FORM_AGE_MS;
}
