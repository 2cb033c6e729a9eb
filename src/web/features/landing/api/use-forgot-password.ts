import { useMutation } from "@tanstack/react-query";
import type { EmailOnlyInput } from "../../../../shared/schemas/auth.ts";
import { ApiError, api, describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";

type ForgotPasswordAnswer = { message?: string; requiresVerification?: boolean };

/**
 * The landing form's password reset request (spec §7: POST /api/auth/forgot-password) with the spec §8
 * toasts. Our server never sends `requiresVerification` (DESIGN §5), but the flag is honoured if it does.
 */
export function useForgotPassword({ onSuccess }: { onSuccess: () => void }) {
  return useMutation({
    mutationFn: (input: EmailOnlyInput) =>
      api.post<ForgotPasswordAnswer | undefined>("/api/auth/forgot-password", input),
    onSuccess: (answer) => {
      if (answer?.requiresVerification) {
        showVerificationRequired();
        return;
      }
      toast({
        title: "Password Reset Email Sent",
        description: "Check your email for instructions to reset your password.",
      });
      onSuccess();
    },
    onError: (error) => {
      if (
        error instanceof ApiError &&
        (error.body as ForgotPasswordAnswer | undefined)?.requiresVerification
      ) {
        showVerificationRequired();
        return;
      }
      toast({
        title: "Error",
        description: describeError(error, "Failed to send password reset email"),
        variant: "destructive",
      });
    },
  });
}

function showVerificationRequired() {
  toast({
    title: "Email verification required",
    description:
      "You must verify your email address before resetting your password. Please check your inbox for a verification email.",
    variant: "destructive",
  });
}
