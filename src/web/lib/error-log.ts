import { readStored, removeStored, writeStored } from "./local-storage.ts";

/** Spec §9: the global handlers keep the last 50 errors. */
export const ERROR_LOG_LIMIT = 50;
export const ERROR_LOG_KEY = "podium:error-log";

export type LoggedError = { at: string; message: string; source?: string };

/** Spec §8: websocket errors (the dev server's hot reload, a dropped socket) are not the app's errors. */
export function isIgnoredError(message: string): boolean {
  return /websocket|\bws:\/\/|\bwss:\/\//i.test(message);
}

export function readErrorLog(): LoggedError[] {
  try {
    const parsed: unknown = JSON.parse(readStored(ERROR_LOG_KEY) ?? "[]");
    return Array.isArray(parsed) ? (parsed as LoggedError[]) : [];
  } catch {
    return [];
  }
}

/** Adds an error, keeping the newest ERROR_LOG_LIMIT; kept in localStorage so it survives a reload. */
export function logError(error: unknown, source?: string, now = new Date()) {
  const message =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : typeof error === "string"
        ? error
        : String(error);
  if (isIgnoredError(message)) return;
  const entry: LoggedError = { at: now.toISOString(), message: message.slice(0, 1000), source };
  writeStored(ERROR_LOG_KEY, JSON.stringify([...readErrorLog(), entry].slice(-ERROR_LOG_LIMIT)));
}

export function clearErrorLog() {
  removeStored(ERROR_LOG_KEY);
}

/** The global handlers: uncaught errors and unhandled promise rejections go to the log. */
export function installGlobalErrorHandlers(target: Window = window) {
  target.addEventListener("error", (event) => {
    const where = event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : undefined;
    logError(event.error ?? event.message, where);
  });
  target.addEventListener("unhandledrejection", (event) =>
    logError(event.reason, "unhandled promise rejection"),
  );
}
