const PENDING_JOIN_KEY = "podium:pending-join";

/** Keeps an invitation's token while its visitor signs in or registers (this tab only). */
export function rememberPendingJoin(token: string) {
  try {
    sessionStorage.setItem(PENDING_JOIN_KEY, token);
  } catch {
    // Storage refused: the visitor opens the e-mailed link again once signed in.
  }
}

/** The kept token, once: the signed-in app reopens its join page. */
export function takePendingJoin(): string | null {
  try {
    const token = sessionStorage.getItem(PENDING_JOIN_KEY);
    sessionStorage.removeItem(PENDING_JOIN_KEY);
    return token;
  } catch {
    return null;
  }
}
