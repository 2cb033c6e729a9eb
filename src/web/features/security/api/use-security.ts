import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Security } from "../../../../shared/schemas/security.ts";
import { USER_QUERY_KEY } from "../../auth/api/current-user.ts";

export const SECURITY_QUERY_KEY = ["/api/security"] as const;

/** The signed-in account's passkeys, authenticator app and recovery codes (GET /api/security). */
export function useSecurity() {
  return useQuery<Security>({ queryKey: SECURITY_QUERY_KEY });
}

/**
 * After any change to a factor the security answer is stale, and so is the user's: a speaker who requires a
 * second factor lets the member in once one is on (GET /api/user `workspace.secondFactorRequired`).
 */
export function useRefreshSecurity() {
  const queryClient = useQueryClient();
  return () => {
    // Not waited for: the mutation's own callbacks (the recovery codes shown once) must come with the
    // security answer, before the panel that shows them goes on to the next state.
    void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    return queryClient.invalidateQueries({ queryKey: SECURITY_QUERY_KEY });
  };
}
