import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { secondFactorRequiredMessage } from "../../../../shared/second-factor-rule.ts";
import { buttonVariants } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";

export const SECURITY_TAB_PATH = "/account-settings?tab=security";

/**
 * Shown instead of every page of a speaker who requires a second factor, to a member who has none yet
 * (the server refuses their routes meanwhile: 403 `secondFactorRequired`). Their own book is not affected.
 */
export function SecondFactorGate({ speakerName }: { speakerName: string }) {
  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader>
        <ShieldCheck aria-hidden="true" className="mb-2 size-8 text-primary" />
        <CardTitle as="h1">Set up a second factor</CardTitle>
        <CardDescription>{secondFactorRequiredMessage(speakerName)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <p>
          Until you do, you can't see or change {speakerName}'s work. A passkey (your phone, your computer's
          fingerprint or face sign-in, or a security key) or an authenticator app will do, and it takes a
          minute.
        </p>
        <p>Your own book is not affected: choose it under “Working for” at the top of the page.</p>
        <Link to={SECURITY_TAB_PATH} className={buttonVariants({ className: "justify-self-start" })}>
          Set up a second factor
        </Link>
      </CardContent>
    </Card>
  );
}

/** Above the Security tab while the member sets a factor up: why they are there. */
export function SecondFactorNotice({ speakerName }: { speakerName: string }) {
  return (
    <p
      role="status"
      className="mb-6 rounded-md border border-primary/40 bg-primary/5 px-4 py-3 text-sm leading-relaxed"
    >
      {secondFactorRequiredMessage(speakerName)} Add a passkey or turn on the authenticator app below; the
      rest of {speakerName}'s work opens as soon as one is on.
    </p>
  );
}
