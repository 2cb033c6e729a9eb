import { MailWarning } from "lucide-react";
import type { ReactNode } from "react";
import type { User } from "../../../../shared/schemas/auth.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { useResendVerification } from "../../auth/api/use-verify-email.ts";

/** The day of an ISO instant in the speaker's own time zone, e.g. "Mar 14, 2026". */
function formatSignUpDay(instant: string) {
  return new Date(instant).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}

function DetailRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-muted-foreground">{term}</dt>
      <dd className="flex min-w-0 flex-wrap items-center gap-2 break-all">{children}</dd>
    </div>
  );
}

/** The username, the e-mail with its verification state, and a new verification link on request. */
export function AccountDetailsCard({ user }: { user: User }) {
  const resend = useResendVerification();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your account</CardTitle>
        <CardDescription>You sign in with your username; we write to your e-mail address.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="divide-y divide-border border-y border-border">
          <DetailRow term="Username">
            <span className="font-medium">{user.username}</span>
          </DetailRow>
          <DetailRow term="E-mail">
            <span className="font-medium">{user.email}</span>
            {user.emailVerified ? (
              <Badge variant="success">Verified</Badge>
            ) : (
              <Badge variant="warning">Not verified</Badge>
            )}
          </DetailRow>
          <DetailRow term="Member since">{formatSignUpDay(user.createdAt)}</DetailRow>
        </dl>
        {!user.emailVerified && (
          <div className="flex flex-col gap-3 rounded-md border border-warning/30 bg-warning-soft p-4 sm:flex-row sm:items-center">
            <MailWarning aria-hidden="true" className="size-5 shrink-0 text-warning" />
            <p className="flex-1 text-sm">
              Your e-mail address is not verified yet. Open the link we sent to it, or ask for a new one.
            </p>
            <Button
              variant="outline"
              size="sm"
              isLoading={resend.isPending}
              onClick={() => resend.mutate(user.email)}
            >
              Resend verification email
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
