import { type ToastInput, toast } from "./toast.ts";

const PENDING_TOAST_KEY = "podium:pending-toast";

/**
 * Leaves a public page for the signed-in app at `/`. The public pages are documents of their own that do
 * not carry the app's code, so this is a page load; the toast is kept in session storage and shown by the
 * app as it starts (showPendingToast).
 */
export function openSignedInApp(greeting: ToastInput) {
  try {
    sessionStorage.setItem(PENDING_TOAST_KEY, JSON.stringify(greeting));
  } catch {
    // Storage refused (private mode, quota): the app opens without the greeting.
  }
  window.location.assign("/");
}

/** Shows the toast a public page left for this one, once. */
export function showPendingToast() {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(PENDING_TOAST_KEY);
    sessionStorage.removeItem(PENDING_TOAST_KEY);
  } catch {
    return;
  }
  if (!stored) return;
  try {
    const greeting = JSON.parse(stored) as ToastInput;
    if (typeof greeting.title === "string") toast(greeting);
  } catch {
    // A value this code did not write: ignore it.
  }
}
