import { CreditCard, ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { MONTHLY_PRICE_DOLLARS } from "../../../../shared/schemas/billing.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useSubscriptionStatus } from "../api/subscription-status.ts";
import { useOpenPortal } from "../api/use-billing-redirects.ts";
import { formatDay, renewsThroughPortal, statusLabel } from "./status-label.ts";

/** Account Settings → Billing: plan, status, next charge, cancel-at-period-end notice and the portal. */
export function BillingCard() {
  const { data: status, isPending } = useSubscriptionStatus();
  const portal = useOpenPortal();
  if (isPending || !status) return <Spinner />;

  if (!status.billingEnabled) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Billing</CardTitle>
          <CardDescription>
            This Podium server does not charge for its use: there is nothing to pay.
          </CardDescription>
        </CardHeader>
      </Card>
    );
  }

  // Only an account that has subscribed once has something to manage in the portal.
  const hasSubscription =
    status.isSubscribed || renewsThroughPortal(status.status) || status.status === "canceled";
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <CreditCard aria-hidden="true" className="size-5 text-primary" />
          Podium monthly plan
          <Badge
            variant={status.isSubscribed ? "success" : status.status === "trialing" ? "primary" : "warning"}
          >
            {statusLabel(status.status)}
          </Badge>
        </CardTitle>
        <CardDescription>${MONTHLY_PRICE_DOLLARS} a month, cancel anytime.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <dl className="grid gap-2 sm:grid-cols-[max-content_1fr] sm:gap-x-6">
          {!status.isSubscribed && status.trialEndsAt && status.status === "trialing" && (
            <>
              <dt className="text-muted-foreground">Free trial ends</dt>
              <dd>{formatDay(status.trialEndsAt)}</dd>
            </>
          )}
          {status.currentPeriodEnd && (
            <>
              <dt className="text-muted-foreground">
                {status.cancelAtPeriodEnd ? "Ends on" : "Next charge"}
              </dt>
              <dd>{formatDay(status.currentPeriodEnd)}</dd>
            </>
          )}
        </dl>
        {status.cancelAtPeriodEnd && status.currentPeriodEnd && (
          <p className="rounded-md bg-warning-soft p-3">
            Your subscription is canceled and ends on {formatDay(status.currentPeriodEnd)}. You will not be
            charged again; renew it in the billing portal to keep it.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {hasSubscription && (
            <Button variant="outline" isLoading={portal.isPending} onClick={() => portal.mutate()}>
              <ExternalLink aria-hidden="true" />
              Manage billing
            </Button>
          )}
          {!status.isSubscribed && (
            <Button asChild>
              <Link to="/subscribe">Subscribe</Link>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
