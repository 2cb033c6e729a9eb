import { useMutation } from "@tanstack/react-query";
import type { CheckoutInput } from "../../../../shared/schemas/billing.ts";
import { api, describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";

type Target = "new-tab" | "this-tab";

/**
 * Opens a Stripe page whose address the server makes. A new tab is opened at the click, before the call,
 * because browsers block tabs opened later; it is closed again when the call fails.
 */
async function openStripePage(request: () => Promise<{ url: string }>, target: Target) {
  const tab = target === "new-tab" ? window.open("", "_blank") : null;
  try {
    const { url } = await request();
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** Spec §7/§8: the billing portal in a new tab, with the spec's toasts. */
export function useOpenPortal() {
  return useMutation({
    mutationFn: () =>
      openStripePage(() => api.post<{ url: string }>("/api/create-portal-session"), "new-tab"),
    onSuccess: () => toast({ title: "Redirecting to billing portal" }),
    onError: () =>
      toast({
        title: "Portal access failed",
        description: "Unable to access billing portal. Please try again.",
        variant: "destructive",
      }),
  });
}

/** Stripe Checkout for the monthly plan, in this tab (/subscribe) or a new one (the expired dialog). */
export function useStartCheckout(target: Target = "this-tab") {
  return useMutation({
    mutationFn: (input: CheckoutInput) =>
      openStripePage(() => api.post<{ url: string }>("/api/create-checkout-session", input), target),
    onError: (error) =>
      toast({
        title: "Checkout failed",
        description: describeError(error, "Unable to start checkout. Please try again."),
        variant: "destructive",
      }),
  });
}
