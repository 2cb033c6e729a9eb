import { type Logger, type LoggerOptions, pino } from "pino";
import type { Config } from "../config.ts";

/** Tokens travel in page URLs (`/verify-email?token=…`, `/reset-password/<token>`); logs keep the route only. */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|code|key|reset)=)[^&#]*/gi, "$1[redacted]")
    .replace(/^(\/(?:api\/(?:auth\/)?)?reset-password\/)[^?#]+/i, "$1[redacted]");
}

/**
 * Query errors from Drizzle carry the statement's parameters (password hashes, token hashes, e-mails)
 * in their message; logs keep the statement and the database's own reason only.
 */
function serializeError(error: unknown) {
  const serialized = pino.stdSerializers.err(error as Error) as Record<string, unknown>;
  if (error instanceof Error && "params" in error && "query" in error) {
    const cause = error.cause instanceof Error ? error.cause : undefined;
    serialized.message = `Failed query: ${String(error.query)}${cause ? `: ${cause.message}` : ""}`;
    serialized.stack = String(serialized.stack).replace(/\nparams: [\s\S]*?(?=\n\s+at )/, "");
    delete serialized.params;
  }
  return serialized;
}

/** pino options: JSON in production, pretty in development; secrets are redacted wherever they appear. */
export function createLoggerOptions(config: Config): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers['x-csrf-token']",
        "req.headers.authorization",
        "res.headers['set-cookie']",
        "*.password",
        "*.newPassword",
        "*.currentPassword",
        "*.token",
      ],
      censor: "[redacted]",
    },
    serializers: {
      err: serializeError,
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
    ...(config.isProduction
      ? {}
      : { transport: { target: "pino-pretty", options: { translateTime: "HH:MM:ss" } } }),
  };
}

/** The process's one logger, shared by the HTTP app and the background work (mail delivery). */
export function createLogger(config: Config): Logger {
  return pino(createLoggerOptions(config));
}
