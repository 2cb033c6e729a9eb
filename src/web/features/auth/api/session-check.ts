import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import type { User } from "../../../../shared/schemas/auth.ts";
import { ApiError, api } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { clearSignedInState, USER_QUERY_KEY } from "./current-user.ts";

/** Spec §7/§9: GET /api/user every 10 minutes, skipped within 5 minutes of the last, aborted after 10 s. */
export const SESSION_CHECK_INTERVAL_MS = 10 * 60 * 1000;
export const SESSION_CHECK_MIN_GAP_MS = 5 * 60 * 1000;
export const SESSION_CHECK_TIMEOUT_MS = 10_000;

let lastCheckAt = 0;
let isLogoutInProgress = false;

/** While a logout runs, the periodic check is skipped (spec §4). */
export function setLogoutInProgress(value: boolean) {
  isLogoutInProgress = value;
}

/** Counts a fresh sign-in or user load as a check, so the next one waits its turn. */
export function markSessionChecked(at = Date.now()) {
  lastCheckAt = at;
}

export type SessionCheckResult =
  | { outcome: "skipped" }
  | { outcome: "valid"; user?: User }
  | { outcome: "expired" };

/** Asks the server whether the session still stands. Only 401 and 403 end it; outages count as valid. */
export async function checkSession(now = Date.now()): Promise<SessionCheckResult> {
  if (isLogoutInProgress || now - lastCheckAt < SESSION_CHECK_MIN_GAP_MS) return { outcome: "skipped" };
  lastCheckAt = now;
  try {
    const user = await api.get<User>("/api/user", { signal: AbortSignal.timeout(SESSION_CHECK_TIMEOUT_MS) });
    return { outcome: "valid", user };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      return { outcome: "expired" };
    }
    return { outcome: "valid" };
  }
}

/**
 * Runs the session check every 10 minutes and when the tab becomes visible again, for as long as the
 * signed-in layout is mounted. An ended session shows "Session Expired" and signs the user out.
 */
export function useSessionCheck() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    markSessionChecked();
    const run = async () => {
      const result = await checkSession();
      if (result.outcome === "valid" && result.user) queryClient.setQueryData(USER_QUERY_KEY, result.user);
      if (result.outcome !== "expired" || isLogoutInProgress) return;
      clearSignedInState(queryClient);
      toast({
        title: "Session Expired",
        description: "Your session has expired. Please log in again.",
        variant: "destructive",
      });
      navigate("/auth");
    };
    const timer = setInterval(run, SESSION_CHECK_INTERVAL_MS);
    const runWhenVisible = () => {
      if (document.visibilityState === "visible") void run();
    };
    document.addEventListener("visibilitychange", runWhenVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", runWhenVisible);
    };
  }, [queryClient, navigate]);
}
