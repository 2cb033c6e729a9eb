import type { QueryClient } from "@tanstack/react-query";
import type { User } from "../../../../shared/schemas/auth.ts";
import { openSignedInApp } from "../../../lib/open-app.ts";
import { replaceSignedInUser } from "./current-user.ts";

/**
 * The session has started (a password, its second step, or a passkey): clears the cache, stores the user,
 * greets, and opens the dashboard (spec §4).
 */
export function finishSignIn(queryClient: QueryClient, user: User) {
  replaceSignedInUser(queryClient, user);
  openSignedInApp({ title: "Welcome back!", description: "Successfully logged in" });
}
