import { CircleCheck, CircleX } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { emailTakenMeanwhileMessage } from "../../../../shared/schemas/auth.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent } from "../../../components/ui/card.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useUser } from "../api/current-user.ts";
import { useResendVerification, useVerifyEmail } from "../api/use-verify-email.ts";

/**
 * /verify-email?token=…, the link of the verification e-mail (DESIGN §8). A link sent in answer to a password
 * reset also carries `reset=…`: once the address is verified (or was already), it goes on to the new password.
 */
export default function VerifyEmailPage() {
  const [search] = useSearchParams();
  const token = search.get("token");
  const resetToken = search.get("reset");
  const verify = useVerifyEmail();
  const { data: user } = useUser();
  const resend = useResendVerification();
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    // Tokens are single-use: send each one once, even when React runs effects twice in development.
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    verify.mutate(token);
  }, [token, verify.mutate]);

  if (token && (verify.isIdle || verify.isPending)) return <LoadingScreen />;
  // The reset page checks its own link, so it is the right next step whether or not this link was spent.
  if (resetToken) {
    const to = `/reset-password/${encodeURIComponent(resetToken)}`;
    return <Navigate to={to} replace state={{ emailVerified: verify.isSuccess }} />;
  }

  const isVerified = verify.isSuccess;
  const Icon = isVerified ? CircleCheck : CircleX;
  return (
    <Card>
      <CardContent className="grid justify-items-center gap-4 pt-8 text-center sm:pt-10">
        <span
          className={
            isVerified
              ? "flex size-14 items-center justify-center rounded-full bg-success-soft text-success"
              : "flex size-14 items-center justify-center rounded-full bg-destructive-soft text-destructive"
          }
        >
          <Icon aria-hidden="true" className="size-7" />
        </span>
        <h1 className="text-2xl font-semibold">{isVerified ? "Email verified" : "Verification failed"}</h1>
        <p role="status" className="text-muted-foreground">
          {isVerified
            ? "Thank you — your e-mail address is confirmed."
            : verify.error instanceof ApiError && verify.error.serverMessage === emailTakenMeanwhileMessage
              ? emailTakenMeanwhileMessage
              : "This verification link is invalid or has expired. Links work once and for 24 hours."}
        </p>
        <div className="flex w-full flex-col gap-2 pt-2 sm:w-auto sm:flex-row">
          {!isVerified && user && !user.emailVerified && (
            <Button variant="outline" isLoading={resend.isPending} onClick={() => resend.mutate(user.email)}>
              Send a new link
            </Button>
          )}
          <Button asChild>
            <Link to={user ? "/" : "/auth"}>{user ? "Go to Dashboard" : "Sign in"}</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
