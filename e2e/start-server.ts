import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Starts the real server for the browser tests on a throw-away embedded database, with rate limits
 * raised so that many sign-ups from one address are allowed, and removes the data when it stops.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "podium-e2e-"));
const server = spawn(path.resolve("node_modules/.bin/tsx"), ["src/server/main.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? "4317",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    RATE_LIMIT_FACTOR: "100",
    LOG_LEVEL: "warn",
  },
});

const stop = (signal: NodeJS.Signals) => server.kill(signal);
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
server.on("exit", (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
