import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UpdateAccountInput, User } from "../../../../shared/schemas/auth.ts";
import { api } from "../../../lib/api.ts";
import { USER_QUERY_KEY } from "../../auth/api/current-user.ts";

/** Changes the sign-in e-mail (PATCH /api/account); the server marks it unverified and mails a link. */
export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAccountInput) => api.patch<User>("/api/account", input),
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
  });
}
