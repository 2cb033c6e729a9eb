import { hmac, sha256 } from "../../platform/auth/tokens.ts";

/**
 * The public link's token: an HMAC of the invoice id under the instance's secret (256 bits, decision 023).
 * The database keeps only its SHA-256, yet the speaker's page, a resend and every reminder can show the same
 * link without storing it.
 */
export function invoiceToken(secret: string, invoiceId: string): string {
  return hmac(secret, `invoice-link:${invoiceId}`);
}

export const invoiceTokenHash = (token: string) => sha256(token);

export const invoiceUrl = (appUrl: string, secret: string, invoiceId: string) =>
  `${appUrl}/i/${invoiceToken(secret, invoiceId)}`;
