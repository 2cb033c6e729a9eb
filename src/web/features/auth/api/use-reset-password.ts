import { useMutation, useQueryClient } from "@tanstack/react-query";
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
