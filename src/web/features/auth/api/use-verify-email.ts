import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { User } from "../../../../shared/schemas/auth.ts";
import { api, describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { USER_QUERY_KEY } from "./current-user.ts";

/** Confirms the e-mail address with the token of the verification link. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<User>("/api/auth/verify-email", { token }),
    onSuccess: (verified) => {
      // Only the signed-in user's own record is refreshed; a link opened in another account's browser is not.
      const current = queryClient.getQueryData<User | null>(USER_QUERY_KEY);
      if (current?.id === verified.id) queryClient.setQueryData(USER_QUERY_KEY, verified);
    },
  });
}

/** Sends a new verification link (spec §5/§8: "No email address found" without an address). */
export function useResendVerification() {
  return useMutation({
    mutationFn: async (email: string | undefined) => {
      if (!email) throw new Error("No email address found");
      await api.post("/api/auth/resend-verification", { email });
    },
    onSuccess: () => {
      toast({
        title: "Verification Email Sent",
        description: "Check your inbox for the new verification link.",
      });
    },
    onError: (error) => {
      const description =
        error.message === "No email address found"
          ? error.message
          : describeError(error, "Failed to resend verification email");
      toast({ title: "Error", description, variant: "destructive" });
    },
  });
}
