import { Check, CreditCard, ExternalLink } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { MONTHLY_PRICE_DOLLARS, TRIAL_DAYS } from "../../../../shared/schemas/billing.ts";
import { PageIntro } from "../../../components/page-intro.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useUser } from "../../auth/api/current-user.ts";
import { useSubscriptionStatus } from "../api/subscription-status.ts";
import { useOpenPortal, useStartCheckout } from "../api/use-billing-redirects.ts";
import { formatDay, statusLabel } from "../components/status-label.ts";

const INCLUDED = [
  "Every event, client and bureau partner in one place",
  "All of an event's details on one page",
  "Dashboard action items and follow-up reminders",
  "Excel import and a complete export whenever you want it",
];
/** While the webhook has not landed after Checkout, ask every 2 s instead of every 30 s. */
const CONFIRMING_POLL_MS = 2000;

export default function SubscribePage() {
  const [searchParams] = useSearchParams();
  const returned = searchParams.get("checkout");
  const [promoCode, setPromoCode] = useState("");
  const { data: user } = useUser();
  const { data: status, isPending } = useSubscriptionStatus(
    returned === "success" ? CONFIRMING_POLL_MS : undefined,
  );
  const checkout = useStartCheckout("this-tab");
  const portal = useOpenPortal();

  const intro = (
    <PageIntro
      title="Subscription"
      icon={CreditCard}
      description={
        <p>
          A {TRIAL_DAYS}-day free trial with no credit card, then ${MONTHLY_PRICE_DOLLARS} a month. Cancel
          anytime; nothing is charged automatically when the trial ends.
        </p>
      }
    />
  );
  if (isPending || !status || !user) return <Spinner />;

  if (!status.billingEnabled) {
    return (
      <div className="grid gap-6">
        {intro}
        <Card>
          <CardHeader>
            <CardTitle>Nothing to pay here</CardTitle>
            <CardDescription>
              This Podium server does not charge for its use: billing is switched off, and every account has
              every feature.
            </CardDescription>
          </CardHeader>
        </Card>
      </div>
    );
  }

  const confirming = returned === "success" && !status.isSubscribed;
  return (
    <div className="grid gap-6">
      {intro}
      {confirming && (
        <p role="status" className="flex items-center gap-2 rounded-md bg-primary-soft p-3 text-sm">
          <Spinner className="size-4" /> Confirming your payment…
        </p>
      )}
      {returned === "canceled" && !status.isSubscribed && (
        <p role="status" className="rounded-md bg-muted p-3 text-sm">
          Checkout was canceled. Nothing was charged.
        </p>
      )}
      <Card className="max-w-xl">
        <CardHeader>
          <CardTitle>Podium monthly plan</CardTitle>
          <CardDescription>
            <span className="text-2xl font-semibold text-foreground">${MONTHLY_PRICE_DOLLARS}</span> / month ·
            cancel anytime
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <ul className="grid gap-2 text-sm">
            {INCLUDED.map((item) => (
              <li key={item} className="flex gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                {item}
              </li>
            ))}
          </ul>
          <p className="text-sm">
            Status: <strong>{statusLabel(status.status)}</strong>
            {!status.isSubscribed && status.status === "trialing" && status.trialEndsAt
              ? ` — your free trial ends on ${formatDay(status.trialEndsAt)}.`
              : null}
            {status.isSubscribed && status.currentPeriodEnd
              ? ` — ${status.cancelAtPeriodEnd ? "ends" : "next charge"} on ${formatDay(status.currentPeriodEnd)}.`
              : null}
          </p>
          {status.isSubscribed ? (
            <Button variant="outline" isLoading={portal.isPending} onClick={() => portal.mutate()}>
              <ExternalLink aria-hidden="true" />
              Manage billing
            </Button>
          ) : (
            <form
              className="grid gap-3"
              onSubmit={(event) => {
                event.preventDefault();
                checkout.mutate(promoCode.trim() ? { promoCode: promoCode.trim() } : {});
              }}
            >
              <FormField label="Promotional code (optional)">
                <Input
                  value={promoCode}
                  onChange={(event) => setPromoCode(event.target.value)}
                  autoCapitalize="characters"
                />
              </FormField>
              {!user.emailVerified && (
                <p className="text-sm text-muted-foreground">
                  Verify your email address first: check your inbox.
                </p>
              )}
              <Button type="submit" size="lg" disabled={!user.emailVerified} isLoading={checkout.isPending}>
                Subscribe
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
