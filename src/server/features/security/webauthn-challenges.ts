import { and, eq, gt, lt, sql } from "drizzle-orm";
import { CHALLENGE_MINUTES, type WebauthnResponse } from "../../../shared/schemas/security.ts";
import { sha256 } from "../../platform/auth/tokens.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { webauthnChallenges } from "../../platform/db/schema.ts";

type Ceremony = (typeof webauthnChallenges.$inferSelect)["ceremony"];

/**
 * Keeps a challenge just handed out, bound to the browser that asked (decision 049): in the database, so any
 * server process can check the answer. Expired ones are swept on the way.
 */
export async function storeChallenge(db: Queryable, challenge: string, ceremony: Ceremony, binding: string) {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
  await db.insert(webauthnChallenges).values({
    challenge,
    ceremony,
    bindingHash: sha256(binding),
    expiresAt: sql`now() + make_interval(mins => ${CHALLENGE_MINUTES})`,
  });
}

/**
 * Uses up the challenge a WebAuthn answer signed, if this browser was given it for this ceremony less than
 * five minutes ago; null otherwise. Deleted as it is read, so a second answer to it finds nothing.
 */
export async function takeChallenge(
  db: Queryable,
  response: WebauthnResponse,
  ceremony: Ceremony,
  binding: string,
): Promise<string | null> {
  const challenge = signedChallengeOf(response);
  if (!challenge) return null;
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.ceremony, ceremony),
        eq(webauthnChallenges.bindingHash, sha256(binding)),
        gt(webauthnChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return row?.challenge ?? null;
}

/** The challenge in the answer's client data; the library checks the signature over it afterwards. */
function signedChallengeOf(response: WebauthnResponse): string | null {
  try {
    const clientData = JSON.parse(
      Buffer.from(response.response.clientDataJSON, "base64url").toString("utf8"),
    );
    return typeof clientData?.challenge === "string" ? clientData.challenge : null;
  } catch {
    return null;
  }
}
