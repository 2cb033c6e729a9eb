import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import type { WebauthnResponse } from "../../../../shared/schemas/security.ts";
import { api, describeError } from "../../../lib/api.ts";

/** Loaded on first use, so the sign-in form and the settings carry no WebAuthn code until a passkey is used. */
const loadWebauthn = () => import("@simplewebauthn/browser");

/** The browser or the person stopped the passkey prompt; said in plain words rather than the DOM's. */
export class PasskeyError extends Error {
  override readonly name = "PasskeyError";
}

const CANCELLED_TEXT = "No passkey was used: the request was cancelled or timed out. Try again.";
const UNSUPPORTED_TEXT = "This browser cannot use passkeys. Use another way, or another browser.";
const ALREADY_ADDED_TEXT = "This device already holds a passkey for your account.";

/** Whether this browser can make and use passkeys at all. */
export function canUsePasskeys() {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

/**
 * Answers the server's challenge with any passkey this site has on the device (discoverable, no username):
 * serves a passkey sign-in, the second step of a password sign-in and the fresh check alike (DESIGN §11).
 */
export function signChallengeWithPasskey(): Promise<WebauthnResponse> {
  return runCeremony(async () => {
    const optionsJSON = await api.post<PublicKeyCredentialRequestOptionsJSON>(
      "/api/passkeys/authentication-options",
    );
    const { startAuthentication } = await loadWebauthn();
    return startAuthentication({ optionsJSON });
  });
}

/** Makes a new passkey on this device for the signed-in account; the server stores it on POST /api/passkeys. */
export function makePasskey(): Promise<WebauthnResponse> {
  return runCeremony(async () => {
    const optionsJSON = await api.post<PublicKeyCredentialCreationOptionsJSON>(
      "/api/passkeys/registration-options",
    );
    const { startRegistration } = await loadWebauthn();
    return startRegistration({ optionsJSON });
  });
}

async function runCeremony(
  ceremony: () => Promise<AuthenticationResponseJSON | RegistrationResponseJSON>,
): Promise<WebauthnResponse> {
  if (!canUsePasskeys()) throw new PasskeyError(UNSUPPORTED_TEXT);
  try {
    // Copied into plain objects: the library's interfaces lack the shared schema's index signature.
    const { response, clientExtensionResults, ...credential } = await ceremony();
    return {
      ...credential,
      response: { ...response },
      clientExtensionResults: { ...clientExtensionResults },
    };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") throw new PasskeyError(ALREADY_ADDED_TEXT);
    if (error instanceof Error && /NotAllowed|Abort/.test(error.name)) throw new PasskeyError(CANCELLED_TEXT);
    throw error;
  }
}

/** describeError that also knows the passkey prompt's own failures. */
export function describeFactorError(error: unknown, fallback: string) {
  return error instanceof PasskeyError ? error.message : describeError(error, fallback);
}
