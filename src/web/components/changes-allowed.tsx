import type { ReactNode } from "react";
import type { AccessKind } from "../../shared/team-access.ts";
import { useCan } from "../features/auth/api/current-user.ts";

/**
 * Disables every button and field inside when the signed-in member's role cannot change data of `kind`
 * (DESIGN §11): a viewer or a bookkeeper reads the section without controls the server would refuse. The
 * fieldset takes no box of its own, so the layout around it is unchanged.
 */
export function ChangesAllowed({ kind, children }: { kind: AccessKind; children: ReactNode }) {
  const can = useCan(kind);
  if (can) return children;
  return (
    <fieldset disabled className="contents">
      {children}
    </fieldset>
  );
}
