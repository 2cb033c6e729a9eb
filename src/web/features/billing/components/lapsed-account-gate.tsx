import { lazy, Suspense } from "react";
import { isLapsed } from "../../../../shared/billing-rules.ts";
import type { User } from "../../../../shared/schemas/auth.ts";
import { useSubscriptionStatus } from "../api/subscription-status.ts";

// Most speakers never see the dialog: its code loads only for a lapsed account, which keeps it out of the
// signed-in shell's JavaScript budget.
const SubscriptionExpiredDialog = lazy(() =>
  import("./subscription-expired-dialog.tsx").then((module) => ({
    default: module.SubscriptionExpiredDialog,
  })),
);

/** Polls the subscription status (spec §4) and shows the blocking dialog once the account has lapsed. */
export function LapsedAccountGate({ user }: { user: User }) {
  const { data: status } = useSubscriptionStatus();
  if (!status || !isLapsed(status)) return null;
  return (
    <Suspense fallback={null}>
      <SubscriptionExpiredDialog user={user} />
    </Suspense>
  );
}
