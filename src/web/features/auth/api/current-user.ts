import { type QueryClient, useQuery } from "@tanstack/react-query";
import type { User } from "../../../../shared/schemas/auth.ts";
import type { CurrentUser } from "../../../../shared/schemas/team.ts";
import { type AccessKind, canChange } from "../../../../shared/team-access.ts";
import { ApiError, api, clearCsrfToken, forgetKeptAnswers } from "../../../lib/api.ts";
import { removeStored, STORAGE_NOTICE_ACK_KEY } from "../../../lib/local-storage.ts";

export const USER_QUERY_KEY = ["/api/user"] as const;

/** The signed-in user, or null when the server answers 401 (spec §7). */
export async function fetchCurrentUser({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<CurrentUser | null> {
  try {
    return await api.get<CurrentUser>("/api/user", { signal });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401) return null;
    throw new ApiError(error.status, `Authentication failed: ${error.status}`, { body: error.body });
  }
}

/**
 * The current user, loaded once at start (spec §4): zero stale time, no retry, no refetch on focus or
 * reconnect. `data` is null for a visitor who is not signed in.
 */
export function useUser() {
  return useQuery({
    queryKey: USER_QUERY_KEY,
    queryFn: fetchCurrentUser,
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // Zero stale time would otherwise refetch for every component that mounts with this hook.
    refetchOnMount: false,
  });
}

/**
 * Empties the whole client cache and stores `user` (spec §4: on login, registration and logout).
 * The user query is overwritten rather than removed so that mounted observers see the change.
 */
export function replaceSignedInUser(queryClient: QueryClient, user: User | CurrentUser | null) {
  void queryClient.cancelQueries();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
  queryClient.setQueryData(USER_QUERY_KEY, user);
  clearCsrfToken();
  forgetKeptAnswers();
}

/** Forgets everything the browser holds for the signed-in user (spec §4: logout, expired session). */
export function clearSignedInState(queryClient: QueryClient) {
  replaceSignedInUser(queryClient, null);
  removeStored(STORAGE_NOTICE_ACK_KEY);
}

/** What the signed-in login is in the book it works in now (DESIGN §11): the pages hide what it cannot do. */
export function useWorkspaceRole() {
  const { data: user } = useUser();
  return (user && "workspace" in user ? user.workspace.role : "owner") as CurrentUser["workspace"]["role"];
}

/**
 * Whether the signed-in login may change data of `kind` in the book it works in now, from the same table the
 * server enforces (src/shared/team-access.ts): a page shows no enabled button for a change it would refuse.
 */
export function useCan(kind: AccessKind): boolean {
  return canChange(kind, useWorkspaceRole());
}
