import { Clock } from "lucide-react";
import { Link } from "react-router";
import { useSubscriptionStatus } from "../api/subscription-status.ts";
import { trialDaysLeft } from "./status-label.ts";

/** In the trial's last 7 days: how long is left, and a link to subscribe. */
export function TrialBanner() {
  const { data: status } = useSubscriptionStatus();
  const days = trialDaysLeft(status, new Date());
  if (days === null) return null;
  return (
    <section
      aria-label="Trial"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-border bg-warning-soft px-4 py-2.5 text-sm sm:px-6 lg:px-8"
    >
      <Clock aria-hidden="true" className="size-4 shrink-0 text-warning" />
      <p className="font-medium text-foreground">
        Your trial ends in {days} day{days === 1 ? "" : "s"} —{" "}
        <Link to="/subscribe" className="text-primary underline underline-offset-2">
          Subscribe
        </Link>
      </p>
    </section>
  );
}
