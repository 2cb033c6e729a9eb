import { queryOptions, useQuery } from "@tanstack/react-query";
import { SUBSCRIPTION_POLL_MS } from "../../../../shared/billing-rules.ts";
import type { SubscriptionStatus } from "../../../../shared/schemas/billing.ts";
import { api } from "../../../lib/api.ts";

export const SUBSCRIPTION_STATUS_KEY = ["/api/subscription-status"] as const;

/** Spec §4/§7: the subscription status, polled every 30 s while signed in. */
export const subscriptionStatusQuery = (pollMs: number = SUBSCRIPTION_POLL_MS) =>
  queryOptions({
    queryKey: SUBSCRIPTION_STATUS_KEY,
    queryFn: ({ signal }) => api.get<SubscriptionStatus>("/api/subscription-status", { signal }),
    refetchInterval: pollMs,
    staleTime: 0,
  });

export function useSubscriptionStatus(pollMs?: number) {
  return useQuery(subscriptionStatusQuery(pollMs));
}
