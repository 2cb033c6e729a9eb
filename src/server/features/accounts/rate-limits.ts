import type { RateLimitRule } from "../../platform/http/rate-limit.ts";
import type { AccountsContext } from "./context.ts";

/** DESIGN §8's limits, before RATE_LIMIT_FACTOR. */
export const failedLoginsPerUsername: RateLimitRule = {
  name: "login-failures-username",
  limit: 10,
  windowMinutes: 15,
};
export const failedLoginsPerIp: RateLimitRule = { name: "login-failures-ip", limit: 100, windowMinutes: 15 };
export const registrationsPerIp: RateLimitRule = { name: "registrations-ip", limit: 20, windowMinutes: 60 };

export type RecoveryCall = "password-reset" | "recover-username" | "resend-verification";

/** Each recovery call counts on its own: 5 per e-mail and 30 per IP an hour. */
export async function consumeRecoveryLimits(
  { limiter }: AccountsContext,
  call: RecoveryCall,
  { email, ip }: { email: string; ip: string },
): Promise<void> {
  await limiter.consume({ name: `${call}-ip`, limit: 30, windowMinutes: 60 }, ip);
  await limiter.consume({ name: `${call}-email`, limit: 5, windowMinutes: 60 }, email);
}

/**
 * What a recovery call gives its route: the answer, the same for every address, and the lookup and e-mail
 * to do once that answer has gone out (decision 027), so neither its work nor its time tells whether the
 * address has an account.
 */
export type RecoveryAnswer = { answer: { message: string }; afterAnswer: () => Promise<void> };
