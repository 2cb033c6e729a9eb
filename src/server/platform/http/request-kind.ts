import type { FastifyRequest } from "fastify";

/** What a request is, as every hook that treats requests differently must see it (issue 27, item 2). */
export type RequestKind = {
  /** The pattern of the route that answers it (`/api/events/:id`), or null when none matched (a 404). */
  route: string | null;
  /** A call of the JSON API: sessions, CSRF, idempotency, the lapsed-account rule and no-store apply. */
  isApi: boolean;
  /** A method that may change something (not GET, HEAD or OPTIONS). */
  isMutating: boolean;
  /** A hashed file of the web build (`/assets/…`), which carries no document headers. */
  isAsset: boolean;
};

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Decided by the route the router chose, never by the raw URL: `/%61pi/events` reaches the `/api/events`
 * handler without starting with "/api/", and `/i/<token>` must be known as `/i/:token` without its secret.
 * A raw Node request (no route yet) is nothing in particular.
 */
export function requestKind(request: FastifyRequest): RequestKind {
  const route = (request.routeOptions as FastifyRequest["routeOptions"] | undefined)?.url ?? null;
  return {
    route,
    isApi: route?.startsWith("/api/") ?? false,
    isMutating: !READ_METHODS.has(request.method),
    isAsset: route?.startsWith("/assets/") ?? false,
  };
}
