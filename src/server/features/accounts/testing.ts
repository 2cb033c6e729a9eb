import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { TestClient } from "../../../test/client.ts";
import { mailTo } from "../../../test/mailer.ts";
import type { Database } from "../../platform/db/client.ts";

/** Test helpers for the account calls: a valid registration and the tokens of e-mailed links. */

export function newRegistration(
  overrides: Partial<{ username: string; email: string; password: string; timeZone: string }> = {},
) {
  const suffix = randomBytes(4).toString("hex");
  return {
    username: `jane_${suffix}`,
    email: `jane_${suffix}@example.com`,
    password: "Speaker!2026",
    ...overrides,
  };
}

export async function registerThroughApi(
  client: TestClient,
  overrides: Parameters<typeof newRegistration>[0] = {},
) {
  const input = newRegistration(overrides);
  const response = await client.post("/api/register", input);
  expect(response.statusCode).toBe(201);
  return { input, user: response.json() as { id: string; username: string; email: string } };
}

const linkPatterns = {
  verify: /\/verify-email\?token=([A-Za-z0-9_-]+)/,
  reset: /\/reset-password\/([A-Za-z0-9_-]+)/,
};

/** The token of the newest e-mailed link of a kind, read from the outbox as a user would from the mail. */
export async function latestLinkToken(db: Database, email: string, kind: keyof typeof linkPatterns) {
  for (const mail of await mailTo(db, email)) {
    const match = linkPatterns[kind].exec(mail.text);
    if (match) return match[1]!;
  }
  throw new Error(`No ${kind} link was mailed to ${email}`);
}
