import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Passkey, WebauthnOptions, WebauthnResponse } from "../../../shared/schemas/security.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { passkeys } from "../../platform/db/schema.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import type { SecurityContext } from "./context.ts";
import { changeFactors } from "./factor-notices.ts";
import { storeChallenge, takeChallenge } from "./webauthn-challenges.ts";

const CHALLENGE_TIMEOUT_MS = 5 * 60_000;

/** The user handle a passkey carries: the account's id, so a discoverable sign-in names whose key it is. */
const userHandleOf = (userId: string) => Buffer.from(userId, "utf8");

function toPasskey(row: typeof passkeys.$inferSelect): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listPasskeys(db: Queryable, userId: string): Promise<Passkey[]> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
  return rows.map(toPasskey);
}

/** Options for adding a passkey: discoverable (signs in without a username), none of the user's own again. */
export async function passkeyRegistrationOptions(
  ctx: SecurityContext,
  user: { id: string; username: string },
  binding: string,
): Promise<WebauthnOptions> {
  const existing = await ctx.db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName: ctx.relyingParty.name,
    rpID: ctx.relyingParty.id,
    userName: user.username,
    userID: userHandleOf(user.id),
    timeout: CHALLENGE_TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: existing.map((each) => ({ id: each.credentialId, transports: each.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await storeChallenge(ctx.db, options.challenge, "registration", binding);
  return asSentToBrowser(options);
}

/** Checks the browser's answer to this browser's registration challenge, keeps the new passkey and says so by e-mail. */
export async function registerPasskey(
  ctx: SecurityContext,
  user: { id: string; username: string; email: string },
  binding: string,
  input: { name: string; response: WebauthnResponse },
): Promise<Passkey> {
  const expectedChallenge = await takeChallenge(ctx.db, input.response, "registration", binding);
  if (!expectedChallenge) throw passkeyRefused();
  const verification = await verifyRegistrationResponse({
    response: input.response as unknown as RegistrationResponseJSON,
    expectedChallenge,
    expectedOrigin: ctx.relyingParty.origin,
    expectedRPID: ctx.relyingParty.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) throw passkeyRefused();
  const { credential } = verification.registrationInfo;
  return changeFactors(ctx, user, async (tx) => {
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: user.id,
        name: input.name,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: credential.transports ?? [],
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (!row) throw new AppError("CONFLICT", "This passkey is already registered.");
    return [toPasskey(row), { kind: "passkey-added", passkeyName: row.name }];
  });
}

/** Removes one of the user's passkeys and says so by e-mail. */
export async function deletePasskey(
  ctx: SecurityContext,
  user: { id: string; username: string; email: string },
  passkeyId: string,
): Promise<void> {
  await changeFactors(ctx, user, async (tx) => {
    const [deleted] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, user.id)))
      .returning({ name: passkeys.name });
    if (!deleted) throw notFound("Passkey not found");
    return [undefined, { kind: "passkey-removed", passkeyName: deleted.name }];
  });
}

/** Removes every passkey of the user (a password reset asked for it); answers how many there were. */
export async function deleteAllPasskeys(db: Queryable, userId: string): Promise<number> {
  const removed = await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
  return removed.length;
}

/**
 * Options for using a passkey, with no username: the browser offers every passkey it holds for this site.
 * They serve a passkey sign-in, the second step of a password sign-in and a fresh check alike.
 */
export async function passkeyAuthenticationOptions(
  ctx: SecurityContext,
  binding: string,
): Promise<WebauthnOptions> {
  const options = await generateAuthenticationOptions({
    rpID: ctx.relyingParty.id,
    timeout: CHALLENGE_TIMEOUT_MS,
    userVerification: "preferred",
  });
  await storeChallenge(ctx.db, options.challenge, "authentication", binding);
  return asSentToBrowser(options);
}

/**
 * The user a passkey answer proves, or null: the challenge must be this browser's and unused, the credential
 * known (and `userId`'s when given), the signature right and the counter moving forward. Alone, a passkey
 * must also have verified its user (PIN or biometrics): that is what makes it count as both factors.
 */
export async function verifyPasskey(
  ctx: SecurityContext,
  response: WebauthnResponse,
  binding: string,
  expected: { userId?: string; requireUserVerification: boolean },
): Promise<string | null> {
  const expectedChallenge = await takeChallenge(ctx.db, response, "authentication", binding);
  if (!expectedChallenge) return null;
  const [stored] = await ctx.db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  if (!stored || (expected.userId && stored.userId !== expected.userId)) return null;
  const userHandle = (response.response as { userHandle?: unknown }).userHandle;
  if (typeof userHandle === "string" && userHandle !== userHandleOf(stored.userId).toString("base64url")) {
    return null;
  }
  const verification = await verifyAuthenticationResponse({
    response: response as unknown as AuthenticationResponseJSON,
    expectedChallenge,
    expectedOrigin: ctx.relyingParty.origin,
    expectedRPID: ctx.relyingParty.id,
    credential: {
      id: stored.credentialId,
      publicKey: Buffer.from(stored.publicKey, "base64url"),
      counter: stored.counter,
      transports: stored.transports,
    },
    requireUserVerification: expected.requireUserVerification,
  }).catch(() => null);
  if (!verification?.verified) return null;
  // Only from the counter read: two answers checked at once cannot both move it.
  const [updated] = await ctx.db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: sql`now()` })
    .where(and(eq(passkeys.id, stored.id), eq(passkeys.counter, stored.counter)))
    .returning({ userId: passkeys.userId });
  return updated?.userId ?? null;
}

/** The library's options are JSON already; the shared schema passes every field through to the browser. */
function asSentToBrowser(options: { challenge: string }): WebauthnOptions {
  return options as WebauthnOptions;
}

function passkeyRefused() {
  return new AppError("BAD_REQUEST", "That passkey could not be added. Try again.");
}
