/** Texts of spec §8 for answers the server did not phrase itself. */
export const DATABASE_ERROR_TEXT = "Database connection error. Please try again later.";
export const HTML_ERROR_TEXT = "Server error. Please try again later.";
export const INVALID_RESPONSE_TEXT = "Server returned an invalid response. Please try again later.";
export const NETWORK_ERROR_TEXT = "Could not reach the server. Please check your connection and try again.";

type ApiErrorDetails = {
  body?: unknown;
  /** The server's own `error` (or `message`) text, without the status prefix; for toasts. */
  serverMessage?: string;
  /** The answer's `X-Request-Id`: the id its log line carries. */
  requestId?: string;
};

/** A failed API call. `status` is 0 when the server could not be reached. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly body: unknown;
  readonly serverMessage: string | undefined;
  /** The id the server logged this request under (`X-Request-Id`), for the speaker to quote to support. */
  readonly requestId: string | undefined;
  /** Per-field messages of a 400 answer (DESIGN §5), e.g. `{ email: "Invalid email address" }`. */
  readonly fields: Record<string, string>;

  constructor(status: number, message: string, details: ApiErrorDetails = {}) {
    super(message);
    this.status = status;
    this.body = details.body;
    this.serverMessage = details.serverMessage;
    this.requestId = details.requestId;
    this.fields = readFields(details.body);
  }

  /** A 403 the server flags as a CSRF failure (spec §7). */
  get isCsrfError(): boolean {
    const flagged = (this.body as { csrfError?: unknown } | undefined)?.csrfError === true;
    return this.status === 403 && (flagged || /csrf/i.test(this.serverMessage ?? ""));
  }

  /** A 403 of a speaker who requires a second factor the login has not set up (DESIGN §11). */
  get isSecondFactorRequired(): boolean {
    const body = this.body as { secondFactorRequired?: unknown } | undefined;
    return this.status === 403 && body?.secondFactorRequired === true;
  }

  /** A 403 asking for a fresh check first (DESIGN §11: `{ reauth: true }`). */
  get isReauthRequired(): boolean {
    return this.status === 403 && (this.body as { reauth?: unknown } | undefined)?.reauth === true;
  }
}

/**
 * The text to show for a failure: the server's own words when it sent some, else `fallback`
 * (spec §8: "Login failed: server error text, or 'Login failed'"). A failure on the server's side (5xx) ends
 * with the request's id, "(Reference: …)", which support finds in the log; a refusal that says its reason
 * (4xx: a taken name, a wrong password) is the speaker's to fix and goes without it.
 */
export function describeError(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const text = error.serverMessage ?? fallback;
  return error.status >= 500 && error.requestId ? `${text} (Reference: ${error.requestId})` : text;
}

/** Turns a non-ok response into an ApiError with the spec §8 text. Reads the body. */
export async function toApiError(response: Response): Promise<ApiError> {
  const { status, statusText } = response;
  const text = await response.text().catch(() => "");
  const requestId = response.headers.get("x-request-id") ?? undefined;
  if (isJsonResponse(response)) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return new ApiError(status, INVALID_RESPONSE_TEXT, { requestId });
    }
    const serverMessage = readMessage(body);
    return new ApiError(status, `${status}: ${serverMessage ?? (statusText || "Request failed")}`, {
      body,
      serverMessage,
      requestId,
    });
  }
  if (/database/i.test(text) && /connect/i.test(text)) {
    return new ApiError(status, DATABASE_ERROR_TEXT, { requestId });
  }
  if (/<!doctype html|<html[\s>]/i.test(text)) return new ApiError(status, HTML_ERROR_TEXT, { requestId });
  return new ApiError(status, statusText ? `${status}: ${statusText}` : "Server error", { requestId });
}

export function isJsonResponse(response: Response): boolean {
  return /[/+]json\b/i.test(response.headers.get("content-type") ?? "");
}

function readMessage(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error === "string" && error) return error;
  if (typeof message === "string" && message) return message;
  return undefined;
}

function readFields(body: unknown): Record<string, string> {
  const fields = (body as { fields?: unknown } | undefined)?.fields;
  if (!fields || typeof fields !== "object") return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}
