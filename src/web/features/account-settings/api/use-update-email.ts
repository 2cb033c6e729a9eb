import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MessageResponse, UpdateAccountInput } from "../../../../shared/schemas/auth.ts";
import { api } from "../../../lib/api.ts";
import { USER_QUERY_KEY } from "../../auth/api/current-user.ts";

/**
 * Changes the sign-in e-mail (PATCH /api/account, with the current password). The server answers the same
 * way whether or not the address was free, so the signed-in user is read again afterwards.
 */
export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAccountInput) => api.patch<MessageResponse>("/api/account", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
  });
}
