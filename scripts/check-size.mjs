#!/usr/bin/env node
/**
 * `npm run size`: the compressed JavaScript each page loads before it is interactive, against its budget.
 * Counted from Vite's manifest: the document's entry with everything it imports statically, plus, for a
 * public page, the hydration module and the page module it loads once painted (with their static imports). Code loaded later on
 * demand (a dialog's forms) is not counted. Sizes are gzip level 9, in KiB. Also run by `npm run build`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { DIST_DIR } from "./sources.mjs";

export const BUDGETS_KIB = { publicPage: 100, signedInShell: 180 };

/** What the public pages' entry loads, with the page module, once the page has painted. */
const HYDRATE_MODULE = "public-pages/hydrate.tsx";

/** The page modules of src/web/public-pages/pages.ts, by name, as the manifest keys them. */
const PUBLIC_PAGE_MODULES = {
  auth: "features/landing/pages/landing-page.tsx",
  "privacy-policy": "features/legal/pages/privacy-policy-page.tsx",
  "terms-conditions": "features/legal/pages/terms-conditions-page.tsx",
  sign: "features/contracts/pages/sign-page.tsx",
  share: "features/share/pages/share-page.tsx",
  invoice: "features/invoices/pages/public-invoice-page.tsx",
  inquire: "features/inquiries/pages/inquiry-page.tsx",
  hold: "features/holds/pages/hold-page.tsx",
  booking: "features/bookings/pages/booking-page.tsx",
  testimonial: "features/testimonials/pages/testimonial-page.tsx",
  questionnaire: "features/questionnaires/pages/questionnaire-page.tsx",
};

export function readManifest() {
  const chunks = JSON.parse(readFileSync(path.join(DIST_DIR, ".vite", "manifest.json"), "utf8"));
  const closure = (key, into = new Set()) => {
    const chunk = chunks[key];
    if (!chunk) throw new Error(`The build manifest has no ${key}`);
    if (into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  const pageModule = (name) => {
    const key = PUBLIC_PAGE_MODULES[name];
    if (!key)
      throw new Error(`No page module is known for the public page "${name}" (scripts/check-size.mjs)`);
    return key;
  };
  return {
    /** Files the signed-in app's document loads at once. */
    appFiles: () => [...closure("index.html")].filter((file) => file.endsWith(".js")),
    /** Files a public page loads at once: its shell's entry, what hydrates, and its page module. */
    publicFiles: (name) =>
      [...closure(pageModule(name), closure(HYDRATE_MODULE, closure("public-page.html")))].filter((file) =>
        file.endsWith(".js"),
      ),
    publicPageNames: () => Object.keys(PUBLIC_PAGE_MODULES),
  };
}

const gzipKib = (files) =>
  files.reduce(
    (total, file) => total + gzipSync(readFileSync(path.join(DIST_DIR, file)), { level: 9 }).length,
    0,
  ) / 1024;

export function checkSizes(manifest) {
  const sizes = manifest.publicPageNames().map((name) => ({
    label: `public page /${name}`,
    kib: gzipKib(manifest.publicFiles(name)),
    budget: BUDGETS_KIB.publicPage,
  }));
  sizes.push({
    label: "signed-in shell",
    kib: gzipKib(manifest.appFiles()),
    budget: BUDGETS_KIB.signedInShell,
  });
  return sizes.map((size) => ({ ...size, over: size.kib > size.budget }));
}

export function formatSizes(sizes) {
  const lines = sizes.map(
    (size) =>
      `${size.over ? "OVER BUDGET" : "ok"}  ${size.label}: ${size.kib.toFixed(1)} KiB of JavaScript (gzip), budget ${size.budget} KiB`,
  );
  return ["JavaScript size check:", ...lines].join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizes = checkSizes(readManifest());
  console.log(formatSizes(sizes));
  if (sizes.some((size) => size.over)) process.exit(1);
}
