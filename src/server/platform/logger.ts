import type { FastifyServerOptions } from "fastify";
import type { Config } from "../config.ts";

/** pino options: JSON in production, pretty in development; secrets are redacted wherever they appear. */
export function createLoggerOptions(config: Config): FastifyServerOptions["logger"] {
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
    ...(config.isProduction
      ? {}
      : { transport: { target: "pino-pretty", options: { translateTime: "HH:MM:ss" } } }),
  };
}
