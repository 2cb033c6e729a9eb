const statusByCode = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type AppErrorCode = keyof typeof statusByCode;

/** An error meant for the user: its message is shown as is, in the DESIGN §5 shape. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: AppErrorCode;
  /** Extra fields merged into the JSON answer, e.g. `fields` or `csrfError`. */
  readonly body: Record<string, unknown>;
  /** Extra response headers, e.g. `Retry-After`. */
  readonly headers: Record<string, string>;

  // Plain fields rather than parameter properties: Node's type stripping runs only erasable syntax.
  constructor(
    code: AppErrorCode,
    message: string,
    body: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.code = code;
    this.body = body;
    this.headers = headers;
    this.statusCode = statusByCode[code];
  }
}

export const notFound = (what = "Not found") => new AppError("NOT_FOUND", what);
