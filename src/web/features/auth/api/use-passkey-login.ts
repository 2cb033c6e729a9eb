import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { User } from "../../../../shared/schemas/auth.ts";
import { api } from "../../../lib/api.ts";
import { signChallengeWithPasskey } from "../../security/api/passkey-ceremony.ts";
import { finishSignIn } from "./finish-sign-in.ts";

/** Signs in with a passkey alone, no username typed (discoverable credentials); it counts as both factors. */
export function usePasskeyLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      api.post<User>("/api/login/passkey", { response: await signChallengeWithPasskey() }),
    onSuccess: (user) => finishSignIn(queryClient, user),
  });
}
