import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordInput } from "../../../../shared/schemas/auth.ts";
import { api } from "../../../lib/api.ts";

/** Replaces the password (POST /api/account/password); the server signs out every other session. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post<void>("/api/account/password", input),
  });
}
