import { useEffect } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { Card, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { ApiError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { NewPasswordForm } from "../components/new-password-form.tsx";

/** Spec §2: without a token the page shows a toast and returns to /auth after 3 s. */
export const MISSING_TOKEN_REDIRECT_MS = 3000;

/** The token is the last path segment after /reset-password, or else the token query parameter. */
export function readResetToken(pathname: string, search: URLSearchParams): string | null {
  const segments = pathname.split("/").filter(Boolean);
  const fromPath = segments.length > 1 ? decodeURIComponent(segments.at(-1)!) : null;
  return fromPath || search.get("token") || null;
}

export default function ResetPasswordPage() {
  const { pathname, state } = useLocation();
  const arrivedVerified = (state as { emailVerified?: boolean } | null)?.emailVerified === true;
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const token = readResetToken(pathname, search);

  useEffect(() => {
    if (token) return;
    toast({ title: "Missing Password Reset Token", description: "Missing Token", variant: "destructive" });
    const timer = setTimeout(() => navigate("/auth", { replace: true }), MISSING_TOKEN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [token, navigate]);

  if (!token) {
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            Choose a new password
          </CardTitle>
          <CardDescription>
            This page needs the link from your password reset e-mail. Taking you back to the sign-in page…
          </CardDescription>
        </CardHeader>
      </Card>
    );
  }

  return (
    <NewPasswordForm
      token={token}
      title="Choose a new password"
      description={
        <>
          {arrivedVerified && (
            <span role="status" className="mb-1 block font-medium text-success">
              Your email address is verified.
            </span>
          )}
          Use at least 8 characters. A mix of upper- and lowercase letters, numbers and symbols makes it
          stronger.
        </>
      }
      successToast={{
        title: "Password Reset Successful",
        description: "You can now log in with your new password.",
      }}
      failureToast={(error) => ({
        title: "Reset Failed",
        description:
          error instanceof ApiError
            ? (error.serverMessage ?? "Failed to reset password")
            : "An unexpected error occurred",
        variant: "destructive",
      })}
    />
  );
}
