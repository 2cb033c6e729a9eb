import type { FastifyRequest } from "fastify";
import { requireUser } from "./plugin.ts";

/**
 * An onRequest hook for a plugin whose routes all need a signed-in user: anonymous callers get 401 before
 * their input is validated. Handlers still call `requireUser` to get the user.
 */
export async function requireSignedIn(request: FastifyRequest): Promise<void> {
  requireUser(request);
}
