import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { clearSignedInState } from "./current-user.ts";
import { setLogoutInProgress } from "./session-check.ts";

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
      clearSignedInState(queryClient);
      toast({ title: "Goodbye!", description: "Successfully logged out" });
      navigate("/auth");
      setLogoutInProgress(false);
    },
  });
}
