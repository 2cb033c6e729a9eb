import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MessageResponse, ResetPasswordInput } from "../../../../shared/schemas/auth.ts";
import { api } from "../../../lib/api.ts";
import { clearSignedInState } from "./current-user.ts";

/** Sets a new password from an e-mailed token. The server ends every session, so the browser forgets the user. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => api.post<MessageResponse>("/api/auth/reset-password", input),
    onSuccess: () => clearSignedInState(queryClient),
  });
}

/** Whether a reset link can still be used, asked before the form is shown (the check does not use it up). */
export function useResetLinkCheck(token: string) {
  return useQuery({
    queryKey: ["reset-link", token],
    queryFn: () => api.get<{ valid: true }>(`/api/auth/reset-password/${encodeURIComponent(token)}`),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
