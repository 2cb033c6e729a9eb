import type { Security } from "../../../shared/schemas/security.ts";
import { findFreshCheck } from "../../platform/auth/fresh-check.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { listPasskeys } from "./passkeys.ts";
import { countRecoveryCodesLeft } from "./recovery-codes.ts";
import { isTotpEnabled } from "./totp.ts";

/** `GET /api/security`: the user's factors and this session's fresh check. */
export async function getSecurity(db: Queryable, userId: string, sessionId: string): Promise<Security> {
  const [passkeys, totpEnabled, recoveryCodesLeft, reauthUntil] = await Promise.all([
    listPasskeys(db, userId),
    isTotpEnabled(db, userId),
    countRecoveryCodesLeft(db, userId),
    findFreshCheck(db, sessionId),
  ]);
  return {
    passkeys,
    totp: { enabled: totpEnabled },
    recoveryCodesLeft,
    reauthUntil: reauthUntil?.toISOString() ?? null,
  };
}
