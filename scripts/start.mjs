#!/usr/bin/env node
/**
 * `npm start`: builds the web app and the server bundle only when their sources changed since their last
 * build (the fingerprints in their build stamps), then runs the bundled server in this process: no
 * TypeScript is compiled at start, on any supported Node version. Arguments are passed on (e.g.
 * --web-dist=, which serves another copy of the web app and skips its build). Decision 011.
 */
import { spawnSync } from "node:child_process";
import module from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  BUILD_STAMP,
  ROOT,
  SERVER_BUNDLE,
  SERVER_SOURCES,
  SERVER_STAMP,
  sourcesFingerprint,
  stampedFingerprint,
  WEB_SOURCES,
} from "./sources.mjs";

const checkStarted = performance.now();
/** Runs a build script when the sources it builds from differ from those of its last build. */
function buildWhenChanged(what, stamp, sources, script) {
  if (stampedFingerprint(stamp) === sourcesFingerprint(sources)) return;
  console.log(`Building ${what} (its sources changed since the last build)…`);
  const built = spawnSync(process.execPath, [path.join(ROOT, script)], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
if (!process.argv.some((arg) => arg.startsWith("--web-dist="))) {
  buildWhenChanged("the web app", BUILD_STAMP, WEB_SOURCES, "scripts/build.mjs");
}
buildWhenChanged("the server", SERVER_STAMP, SERVER_SOURCES, "scripts/build-server.mjs");
process.env.PODIUM_BUILD_CHECK_MS = String(performance.now() - checkStarted);

// Node 22.1+ keeps V8's compiled code of the bundle on disk, so later starts skip compiling its 10 MB.
module.enableCompileCache?.(path.join(ROOT, "build", "compile-cache"));
await import(pathToFileURL(SERVER_BUNDLE).href);
