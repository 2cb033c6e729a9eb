import { useEffect } from "react";
import { Navigate, useSearchParams } from "react-router";
import { ApiError } from "../../../lib/api.ts";
import { LONG_TOAST_DURATION_MS, toast } from "../../../lib/toast.ts";
import { NewPasswordForm } from "../components/new-password-form.tsx";

/** /auth-verify?token=…: the sign-in area's reset form (spec §2); without a token it returns to /auth. */
export default function AuthVerifyPage() {
  const [search] = useSearchParams();
  const token = search.get("token");

  useEffect(() => {
    if (token) return;
    toast({
      title: "Invalid Reset Link",
      description: "The password reset link is invalid or has expired.",
      variant: "destructive",
    });
  }, [token]);

  if (!token) return <Navigate to="/auth" replace />;

  return (
    <NewPasswordForm
      token={token}
      title="Set a new password"
      description="Choose the password you will sign in with from now on."
      successToast={{
        title: "Success",
        description: "Your password has been reset. Please log in with your new password.",
      }}
      failureToast={(error) => ({
        title: "Reset failed",
        description: describeResetFailure(error),
        variant: "destructive",
        duration: LONG_TOAST_DURATION_MS,
      })}
    />
  );
}

function describeResetFailure(error: Error): string {
  if (!(error instanceof ApiError)) return "Failed to reset password";
  return error.serverMessage ?? `Server error: ${error.status}`;
}
