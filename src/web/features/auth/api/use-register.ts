import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RegisterInput, User } from "../../../../shared/schemas/auth.ts";
import { api, describeError } from "../../../lib/api.ts";
import { openSignedInApp } from "../../../lib/open-app.ts";
import { toast } from "../../../lib/toast.ts";
import { replaceSignedInUser } from "./current-user.ts";

/**
 * Creates the account, which also signs in (DESIGN §5): clears the cache, stores the user, and opens the
 * dashboard with a greeting — or, with `onRegistered`, lets the page go on in place (the join page joins the
 * team next). A 400 answer's `error.fields` can be shown on the form with `showServerFieldErrors`.
 */
export function useRegister({ onRegistered }: { onRegistered?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    // The browser's zone starts the speaker's calendar day (decision 053): a speaker in Los Angeles who
    // invoices at 6 pm gets today's date, not UTC's tomorrow.
    mutationFn: (input: RegisterInput) =>
      api.post<User>("/api/register", {
        ...input,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      }),
    onSuccess: (user) => {
      replaceSignedInUser(queryClient, user);
      if (onRegistered) return onRegistered(user);
      openSignedInApp({
        title: "Welcome!",
        description: "Successfully registered! Please check your email to verify your account.",
      });
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
