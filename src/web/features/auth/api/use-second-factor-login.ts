import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { User } from "../../../../shared/schemas/auth.ts";
import type { SecondFactorInput } from "../../../../shared/schemas/security.ts";
import { api } from "../../../lib/api.ts";
import { finishSignIn } from "./finish-sign-in.ts";

/** The second step of a password sign-in: an app code, a recovery code or a passkey; the session starts after it. */
export function useSecondFactorLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SecondFactorInput) => api.post<User>("/api/login/second-factor", input),
    onSuccess: (user) => finishSignIn(queryClient, user),
  });
}
