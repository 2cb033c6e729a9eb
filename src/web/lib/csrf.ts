import { toApiError } from "./api-error.ts";

/** Spec §9: read first from the cookie, else cached 10 minutes; 3 attempts, 250 ms doubling back-off. */
export const CSRF_COOKIE = "csrf-token";
export const CSRF_CACHE_MS = 10 * 60 * 1000;
export const CSRF_FETCH_ATTEMPTS = 3;
export const CSRF_FIRST_BACKOFF_MS = 250;

let cached: { token: string; expiresAt: number } | null = null;
let inFlight: Promise<string> | null = null;

/**
 * The token for the x-csrf-token header. `fresh` skips the cookie and the cache, after the server
 * refused the token it had (spec §7's one retry).
 */
export function getCsrfToken({ fresh = false }: { fresh?: boolean } = {}): Promise<string> {
  if (!fresh) {
    const fromCookie = readCsrfCookie();
    if (fromCookie) return Promise.resolve(fromCookie);
    if (cached && cached.expiresAt > Date.now()) return Promise.resolve(cached.token);
  }
  // Calls made at the same moment share one fetch.
  inFlight ??= fetchCsrfToken().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Forgets the cached token; the server rotates it on login and logout. */
export function clearCsrfToken() {
  cached = null;
}

async function fetchCsrfToken(): Promise<string> {
  let lastError: unknown;
  for (let attempt = 0; attempt < CSRF_FETCH_ATTEMPTS; attempt++) {
    if (attempt > 0) await sleep(CSRF_FIRST_BACKOFF_MS * 2 ** (attempt - 1));
    try {
      const response = await fetch("/api/csrf-token", { credentials: "include", cache: "no-store" });
      if (!response.ok) throw await toApiError(response);
      const { csrfToken } = (await response.json()) as { csrfToken?: unknown };
      if (typeof csrfToken !== "string" || !csrfToken) throw new Error("The server sent no CSRF token");
      cached = { token: csrfToken, expiresAt: Date.now() + CSRF_CACHE_MS };
      return csrfToken;
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

function readCsrfCookie(): string | null {
  if (typeof document === "undefined") return null;
  const prefix = `${CSRF_COOKIE}=`;
  const pair = document.cookie.split(/;\s*/).find((part) => part.startsWith(prefix));
  return pair ? decodeURIComponent(pair.slice(prefix.length)) || null : null;
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
