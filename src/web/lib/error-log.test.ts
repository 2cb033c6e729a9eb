import { beforeEach, describe, expect, it } from "vitest";
import { clearErrorLog, ERROR_LOG_LIMIT, logError, readErrorLog } from "./error-log.ts";

const store = new Map<string, string>();
Object.assign(globalThis, {
  window: {
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
    },
  },
});

beforeEach(() => store.clear());

describe("the client error log", () => {
  it("keeps the last 50 errors, oldest dropped first", () => {
    for (let index = 0; index < ERROR_LOG_LIMIT + 5; index++) logError(new TypeError(`boom ${index}`));
    const log = readErrorLog();
    expect(log).toHaveLength(50);
    expect(log[0]!.message).toBe("TypeError: boom 5");
    expect(log.at(-1)!.message).toBe("TypeError: boom 54");
  });

  it("ignores websocket errors", () => {
    logError(new Error("WebSocket connection to 'ws://localhost:3000/' failed"));
    logError("wss://example.com closed");
    logError("Failed to fetch", "unhandled promise rejection", new Date("2026-06-01T10:00:00Z"));
    expect(readErrorLog()).toEqual([
      { at: "2026-06-01T10:00:00.000Z", message: "Failed to fetch", source: "unhandled promise rejection" },
    ]);
  });

  it("is emptied by Clear, and survives a corrupted store", () => {
    logError("one");
    clearErrorLog();
    expect(readErrorLog()).toEqual([]);
    store.set("podium:error-log", "{not json");
    expect(readErrorLog()).toEqual([]);
  });
});
