import { useMutation } from "@tanstack/react-query";
import type { ReauthAnswer, ReauthInput } from "../../../../shared/schemas/security.ts";
import { api } from "../../../lib/api.ts";
import { useRefreshSecurity } from "./use-security.ts";

/** Opens this session's 10-minute window for actions that need a fresh check (POST /api/reauth). */
export function useReauth() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (input: ReauthInput) => api.post<ReauthAnswer>("/api/reauth", input),
    onSuccess: refresh,
  });
}
