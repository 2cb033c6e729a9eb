import type { FastifyRequest } from "fastify";
import { type Logger, type LoggerOptions, pino } from "pino";
import type { Config } from "../config.ts";
import { requestKind } from "./http/request-kind.ts";

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
      // The route's pattern, never the path: `/i/<token>`, `/sign/<token>`, `/reset-password/<token>` and
      // `?token=` would put live secrets in the log (DESIGN §11, issue 27 item 10). No route: no path at all.
      req: (request: FastifyRequest) => ({
        method: request.method,
        route: requestKind(request).route,
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
