import { ApiError, type RequestOptions } from "./api.ts";

/** Spec §9: mutations retry twice with a delay capped at 10 s; DESIGN §6: only with an Idempotency-Key. */
export const MUTATION_RETRIES = 2;
export const MUTATION_RETRY_CAP_MS = 10_000;

/**
 * Wraps a mutation's request so that it carries one Idempotency-Key for all its attempts and is retried
 * up to twice when the server could not be reached or failed (5xx). The server replays its first answer
 * for a repeated key, so a retry never creates anything twice.
 *
 * `useMutation({ mutationFn: mutationWithIdempotency((input, options) => api.post("/api/events", input, options)) })`
 */
export function mutationWithIdempotency<TVariables, TData>(
  send: (variables: TVariables, options: RequestOptions) => Promise<TData>,
): (variables: TVariables) => Promise<TData> {
  return async (variables) => {
    const options = { headers: { "Idempotency-Key": createIdempotencyKey() } };
    for (let attempt = 0; ; attempt++) {
      try {
        return await send(variables, options);
      } catch (error) {
        if (attempt >= MUTATION_RETRIES || !isRetryable(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, retryDelay(attempt)));
      }
    }
  };
}

export function retryDelay(attempt: number) {
  return Math.min(1000 * 2 ** attempt, MUTATION_RETRY_CAP_MS);
}

function isRetryable(error: unknown) {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/** 128 random bits; crypto.randomUUID exists only on HTTPS and localhost, getRandomValues everywhere. */
function createIdempotencyKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
