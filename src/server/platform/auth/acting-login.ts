import { AsyncLocalStorage } from "node:async_hooks";
import type { ActingLogin } from "../../../shared/schemas/team.ts";

const actors = new AsyncLocalStorage<ActingLogin>();

/**
 * Runs the rest of a request as `actor`: the activity and audit entries it writes for the speaker record who
 * did it (DESIGN §11 `by`) without every service function passing the login down.
 */
export function runAsActor(actor: ActingLogin, next: () => void): void {
  actors.run(actor, next);
}

/** The login acting in this request, or null outside a signed-in request (the sweep, webhooks, the CLI). */
export function currentActor(): ActingLogin | null {
  return actors.getStore() ?? null;
}
