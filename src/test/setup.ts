// Tests fail on console.error: an unexpected error log is a bug, not noise.
import { afterEach, vi } from "vitest";

const consoleError = vi.spyOn(console, "error");
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  if (calls.length > 0)
    throw new Error(`console.error was called: ${calls.map((c) => c.join(" ")).join("\n")}`);
});
