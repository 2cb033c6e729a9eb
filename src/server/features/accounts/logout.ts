import { deleteSession } from "../../platform/auth/sessions.ts";
import type { AccountsContext, Caller } from "./context.ts";

/** Ends the caller's session, if any; signing out twice is not an error. */
export async function logOut(ctx: AccountsContext, caller: Caller): Promise<void> {
  if (caller.sessionId) await deleteSession(ctx.db, caller.sessionId);
}
