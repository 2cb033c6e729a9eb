import { MutationCache, QueryCache, QueryClient, type QueryFunction } from "@tanstack/react-query";
import { USER_QUERY_KEY } from "../features/auth/api/current-user.ts";
import { ApiError, api } from "../lib/api.ts";

/** Spec §9's data cache: stale after 5 minutes, 3 retries with exponential delay capped at 30 s. */
export const STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRIES = 3;
export const QUERY_RETRY_CAP_MS = 30_000;

/**
 * Generic GET (spec §7): the path is the query key's first element, e.g. `useQuery({ queryKey:
 * ["/api/dashboard"] })`; an optional second element holds query parameters.
 */
const fetchByKey: QueryFunction = ({ queryKey, signal }) => {
  const [path, params] = queryKey as [string, Record<string, string | number | boolean | undefined>?];
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== "") search.set(name, String(value));
  }
  const query = search.toString();
  return api.get(query ? `${path}?${query}` : path, { signal });
};

export function createQueryClient() {
  // A speaker began to require a second factor this member lacks: the user, read again, shows the gate.
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.isSecondFactorRequired) {
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    }
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        queryFn: fetchByKey,
        staleTime: STALE_TIME_MS,
        // A 4xx answer will not change by asking again; retries are for outages and timeouts.
        retry: (failureCount, error) => failureCount < QUERY_RETRIES && !isFinalAnswer(error),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, QUERY_RETRY_CAP_MS),
        refetchOnWindowFocus: true,
        refetchInterval: false,
      },
      // DESIGN §6: a mutation is retried only with an Idempotency-Key — see lib/idempotent-mutation.ts.
      mutations: { retry: false },
    },
  });
  return queryClient;
}

function isFinalAnswer(error: unknown) {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408;
}
