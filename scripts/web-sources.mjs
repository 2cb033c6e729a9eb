import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const DIST_DIR = path.join(ROOT, "dist");
/** Written last by a successful build; holds the fingerprint of the sources it was built from. */
export const BUILD_STAMP = path.join(DIST_DIR, "build-stamp.json");

/** Everything the web build reads; a change to any of these calls for a new build. */
const SOURCES = [
  "src/web",
  "src/shared",
  "vite.config.ts",
  "tsconfig.json",
  "package-lock.json",
  "scripts/build.mjs",
  "scripts/web-sources.mjs",
];

/** A SHA-256 over the paths and contents of the web app's sources (a few ms for the whole tree). */
export function webSourcesFingerprint() {
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
      // Tests and browser-test helpers beside the sources do not end up in the build.
      if (/\.test\.tsx?$/.test(entry.name)) continue;
      visit(path.join(relative, entry.name));
    }
  };
  for (const source of SOURCES) visit(source);
  return hash.digest("hex");
}
