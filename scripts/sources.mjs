import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const DIST_DIR = path.join(ROOT, "dist");
/** Written last by a successful web build; holds the fingerprint of the sources it was built from. */
export const BUILD_STAMP = path.join(DIST_DIR, "build-stamp.json");
/** The server, bundled into one file by scripts/build-server.mjs, and the stamp written beside it. */
export const SERVER_BUNDLE = path.join(ROOT, "build", "server", "main.mjs");
export const SERVER_STAMP = path.join(ROOT, "build", "server", "build-stamp.json");

/** Everything the web build reads; a change to any of these calls for a new build. */
export const WEB_SOURCES = [
  "src/web",
  "src/shared",
  "vite.config.ts",
  "tsconfig.json",
  "package-lock.json",
  "scripts/build.mjs",
  "scripts/sources.mjs",
];

/** Everything the server bundle is made of. */
export const SERVER_SOURCES = [
  "src/server",
  "src/shared",
  "tsconfig.json",
  "package-lock.json",
  "scripts/build-server.mjs",
  "scripts/sources.mjs",
];

/** A SHA-256 over the paths and contents of the given sources (a few ms for the whole tree). */
export function sourcesFingerprint(sources) {
  const hash = createHash("sha256");
  const visit = (relative) => {
    const absolute = path.join(ROOT, relative);
    let entries;
    try {
      entries = readdirSync(absolute, { withFileTypes: true });
    } catch (error) {
      if (error.code !== "ENOTDIR") throw error;
      hash.update(`${relative}\0`).update(readFileSync(absolute)).update("\0");
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      // Tests and browser-test helpers beside the sources do not end up in a build.
      if (/\.test\.tsx?$/.test(entry.name)) continue;
      visit(path.join(relative, entry.name));
    }
  };
  for (const source of sources) visit(source);
  return hash.digest("hex");
}

/** The fingerprint a build stamp records, or null when there is no complete build. */
export function stampedFingerprint(stampPath) {
  try {
    return JSON.parse(readFileSync(stampPath, "utf8")).fingerprint;
  } catch {
    // Never built, or the build did not finish.
    return null;
  }
}
