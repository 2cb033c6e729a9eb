import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Security } from "../../../../shared/schemas/security.ts";

export const SECURITY_QUERY_KEY = ["/api/security"] as const;

/** The signed-in account's passkeys, authenticator app and recovery codes (GET /api/security). */
export function useSecurity() {
  return useQuery<Security>({ queryKey: SECURITY_QUERY_KEY });
}

/** After any change to a factor the security answer is stale. */
export function useRefreshSecurity() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SECURITY_QUERY_KEY });
}
