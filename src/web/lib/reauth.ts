/**
 * The fresh check (DESIGN §11): an action that needs one answers 403 `{ reauth: true }`; the API client
 * then asks the person to confirm who they are and sends the request once more. The asking is done by a
 * dialog the signed-in app mounts (it registers itself here), so lib/ stays free of React.
 */

/** Resolves true once the person has confirmed (the server opened its 10-minute window), false if they gave up. */
export type ReauthPrompt = () => Promise<boolean>;

let prompt: ReauthPrompt | null = null;
let pending: Promise<boolean> | null = null;

/** Registers the dialog that asks; returns the function that unregisters it. */
export function setReauthPrompt(next: ReauthPrompt) {
  prompt = next;
  return () => {
    if (prompt === next) prompt = null;
  };
}

/**
 * Asks for a fresh check; calls refused at the same moment share one question. False when nothing can ask
 * (a public page) or the person cancelled.
 */
export function confirmIdentity(): Promise<boolean> {
  if (!prompt) return Promise.resolve(false);
  pending ??= prompt().finally(() => {
    pending = null;
  });
  return pending;
}
