import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LoginInput } from "../../../../shared/schemas/auth.ts";
import type { LoginAnswer } from "../../../../shared/schemas/security.ts";
import { api, describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { finishSignIn } from "./finish-sign-in.ts";

/**
 * Signs in with the password (spec §4). With a second factor on, the answer is `{ secondFactor }` and no
 * session yet: the form then asks for the second step (useSecondFactorLogin).
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<LoginAnswer>("/api/login", input),
    onSuccess: (answer) => {
      if (!("secondFactor" in answer)) finishSignIn(queryClient, answer);
    },
    onError: (error) => {
      toast({
        title: "Login failed",
        description: describeError(error, "Login failed"),
        variant: "destructive",
      });
    },
  });
}
