import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import type { RegisterInput, User } from "../../../../shared/schemas/auth.ts";
import { api, describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { replaceSignedInUser } from "./current-user.ts";

/**
 * Creates the account, which also signs in (DESIGN §5): clears the cache, stores the user, greets, and
 * opens the dashboard. A 400 answer's `error.fields` can be shown on the form with `showServerFieldErrors`.
 */
export function useRegister() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: RegisterInput) => api.post<User>("/api/register", input),
    onSuccess: (user) => {
      replaceSignedInUser(queryClient, user);
      toast({
        title: "Welcome!",
        description: "Successfully registered! Please check your email to verify your account.",
      });
      navigate("/");
    },
    onError: (error) => {
      toast({
        title: "Registration failed",
        description: describeError(error, "Registration failed"),
        variant: "destructive",
      });
    },
  });
}
