import { openFreshCheck } from "../../platform/auth/fresh-check.ts";
import type { SessionUser } from "../../platform/auth/sessions.ts";
import type { SecurityContext } from "./context.ts";
import { checkProof, type Proof } from "./proofs.ts";

/** `POST /api/reauth`: a right password, code or passkey opens this session's 10-minute fresh check. */
export async function reauthenticate(
  ctx: SecurityContext,
  user: SessionUser,
  session: { sessionId: string; binding: string },
  proof: Pick<Proof, "password" | "code" | "passkey">,
): Promise<{ reauthUntil: string }> {
  await checkProof(ctx, user, proof, session.binding, "BAD_REQUEST");
  const reauthUntil = await openFreshCheck(ctx.db, session.sessionId, new Date());
  return { reauthUntil: reauthUntil.toISOString() };
}
