import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { type NavigateFunction, useNavigate } from "react-router";
import { api } from "../../../lib/api.ts";
import { type ToastInput, toast } from "../../../lib/toast.ts";
import { clearSignedInState } from "./current-user.ts";
import { setLogoutInProgress } from "./session-check.ts";

/**
 * What the browser does once a session is over (spec §4): forget the user and every cached item, say
 * goodbye, and return to the landing page. Shared by logout and account deletion.
 */
export function leaveSignedInArea(
  queryClient: QueryClient,
  navigate: NavigateFunction,
  farewell: ToastInput,
) {
  clearSignedInState(queryClient);
  toast(farewell);
  navigate("/auth");
}

/**
 * Signs out (spec §4): the server call's result is ignored, the client state is cleared even if it
 * fails, "Goodbye!" is shown, and the visitor lands on /auth.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      setLogoutInProgress(true);
      try {
        await api.post("/api/logout");
      } catch {
        // The session may already be gone; the browser side is cleared either way.
      }
    },
    onSettled: () => {
      leaveSignedInArea(queryClient, navigate, { title: "Goodbye!", description: "Successfully logged out" });
      setLogoutInProgress(false);
    },
  });
}
