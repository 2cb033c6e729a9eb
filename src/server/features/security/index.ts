/** What other features may use of second factors (passkeys, the authenticator app, the fresh check). */
export { createSecurityContext } from "./context.ts";
export { queueFactorNotice } from "./factor-notices.ts";
export { deleteAllPasskeys } from "./passkeys.ts";
export { resetFactors } from "./reset-factors.ts";
