import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import type { DeleteAccountInput } from "../../../../shared/schemas/data-management.ts";
import { api } from "../../../lib/api.ts";
import { leaveSignedInArea } from "../../auth/api/use-logout.ts";

/**
 * Deletes the account and everything in it (DELETE /api/account). The server ends every session, so the
 * browser then forgets the user exactly as at logout and returns to the landing page.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => api.delete<void>("/api/account", input),
    onSuccess: () =>
      leaveSignedInArea(queryClient, navigate, {
        title: "Account deleted",
        description: "Your account and everything in it have been permanently deleted.",
      }),
  });
}
