import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LoginInput, User } from "../../../../shared/schemas/auth.ts";
import { api, describeError } from "../../../lib/api.ts";
import { openSignedInApp } from "../../../lib/open-app.ts";
import { toast } from "../../../lib/toast.ts";
import { replaceSignedInUser } from "./current-user.ts";

/** Signs in (spec §4): clears the cache, stores the user, greets, and opens the dashboard. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<User>("/api/login", input),
    onSuccess: (user) => {
      replaceSignedInUser(queryClient, user);
      openSignedInApp({ title: "Welcome back!", description: "Successfully logged in" });
    },
    onError: (error) => {
      toast({
        title: "Login failed",
        description: describeError(error, "Login failed"),
        variant: "destructive",
      });
    },
  });
}
