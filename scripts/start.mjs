#!/usr/bin/env node
/**
 * `npm start`: builds the web app only when its sources changed since the last build (dist/build-stamp.json),
 * then runs the server in this process. Node 22.18+ and 24 run the TypeScript sources as they are (type
 * stripping: nothing is compiled); older versions load them through tsx. Arguments are passed on
 * (e.g. --web-dist=). Decision 011.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { BUILD_STAMP, ROOT, webSourcesFingerprint } from "./web-sources.mjs";

const checkStarted = performance.now();
if (!process.argv.some((arg) => arg.startsWith("--web-dist="))) {
  let builtFrom = null;
  try {
    builtFrom = JSON.parse(readFileSync(BUILD_STAMP, "utf8")).fingerprint;
  } catch {
    // Never built, or the build did not finish.
  }
  if (builtFrom !== webSourcesFingerprint()) {
    console.log("Building the web app (its sources changed since the last build)…");
    const built = spawnSync(process.execPath, [path.join(ROOT, "scripts/build.mjs")], { stdio: "inherit" });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
}
process.env.PODIUM_BUILD_CHECK_MS = String(performance.now() - checkStarted);

if (!process.features.typescript) {
  const { register } = await import("tsx/esm/api");
  register();
}
await import(pathToFileURL(path.join(ROOT, "src/server/main.ts")).href);
