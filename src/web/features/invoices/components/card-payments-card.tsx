import { CreditCard } from "lucide-react";
import { useSearchParams } from "react-router";
import type { PaymentsAccount } from "../../../../shared/schemas/invoices.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { describeError } from "../../../lib/api.ts";
import { useConnectCardPayments, usePaymentsAccount } from "../api/invoices.ts";

type Shown = Exclude<PaymentsAccount["status"], "off">;

const TEXT: Record<Shown, { badge: string; description: string; action?: string }> = {
  not_connected: {
    badge: "Not connected",
    description:
      "Let clients pay your invoices by card. The money goes to your own Stripe account; Stripe asks for your details once.",
    action: "Connect card payments",
  },
  pending: {
    badge: "Setup not finished",
    description: "Stripe needs a few more details before your clients can pay by card.",
    action: "Finish setting up",
  },
  active: {
    badge: "On",
    description:
      "Card payments are on: your invoice pages show “Pay by card”, and payments are recorded for you.",
  },
};

/**
 * Account Settings → Invoicing: card payments through Stripe Connect (issue 15). Stripe's onboarding comes
 * back here with `payments=return` (the status is asked of Stripe then) or `payments=refresh` (the link
 * expired: the button makes a new one). Hidden when the server has no Stripe.
 */
export function CardPaymentsCard() {
  const [searchParams] = useSearchParams();
  const returning = searchParams.get("payments");
  const query = usePaymentsAccount(returning === "return");
  const connect = useConnectCardPayments();
  if (!query.data || query.data.status === "off") return null;
  const status = query.data.status;
  const text = TEXT[status];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <CreditCard aria-hidden="true" className="size-5 text-primary" />
          Card payments
          <Badge variant={status === "active" ? "success" : status === "pending" ? "warning" : "neutral"}>
            {text.badge}
          </Badge>
        </CardTitle>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      {text.action && (
        <CardContent className="grid gap-3 text-sm">
          {returning === "refresh" && (
            <p className="rounded-md bg-warning-soft p-3">
              The setup link expired. Continue where you left off.
            </p>
          )}
          <Button
            className="justify-self-start"
            isLoading={connect.isPending || connect.isSuccess}
            onClick={() => connect.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })}
          >
            {text.action}
          </Button>
          {connect.isError && (
            <p role="alert" className="text-destructive">
              {describeError(connect.error, "Please try again.")}
            </p>
          )}
        </CardContent>
      )}
    </Card>
  );
}
