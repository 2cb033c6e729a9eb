#!/usr/bin/env node
/**
 * `npm run build`: builds the web app into dist/ and prerenders the public pages, then bundles the server.
 *   1. Vite builds both documents: the signed-in app (index.html) and the public pages' shell.
 *   2. Vite builds src/web/public-pages/render.tsx for Node into dist/render/ (one file with React and every
 *      page in it, kept: the server renders the pages reached by a token with their data, decision 042), and
 *      React renders each public page to HTML, written to dist/pages/<name>.html with its title and its
 *      stylesheet inlined (a first visit paints without waiting for a second request). Its scripts load once
 *      it has painted (public-pages/main.ts).
 *   3. The size check (scripts/check-size.mjs) fails the build when a page's JavaScript is over budget.
 *   4. Assets are compressed once (brotli and gzip, best ratio) for the server to send as they are.
 *   5. dist/build-stamp.json records the sources' fingerprint, so `npm start` rebuilds only after a change.
 *   6. The server is bundled into build/server/main.mjs (scripts/build-server.mjs), which `npm start` runs.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "vite";
import { buildServer } from "./build-server.mjs";
import { checkSizes, formatSizes, readManifest } from "./check-size.mjs";
import { BUILD_STAMP, DIST_DIR, ROOT, sourcesFingerprint, WEB_SOURCES } from "./sources.mjs";

const fingerprint = sourcesFingerprint(WEB_SOURCES);
const config = path.join(ROOT, "vite.config.ts");
const logLevel = process.env.BUILD_LOG_LEVEL ?? "warn";

rmSync(BUILD_STAMP, { force: true });
await build({ configFile: config, logLevel });

const renderDir = path.join(DIST_DIR, "render");
await build({
  configFile: config,
  logLevel,
  // React and every library bundled in: the server loads these files from any copy of dist/ (the browser
  // tests serve one outside the project), where no node_modules folder is found beside them; and named .mjs,
  // since no package.json there says they are modules.
  ssr: { noExternal: true },
  publicDir: false,
  build: {
    ssr: path.join(ROOT, "src/web/public-pages/render.tsx"),
    outDir: renderDir,
    emptyOutDir: true,
    sourcemap: false,
    manifest: false,
    rolldownOptions: {
      input: path.join(ROOT, "src/web/public-pages/render.tsx"),
      output: { entryFileNames: "[name].mjs", chunkFileNames: "[name]-[hash].mjs" },
    },
  },
});
const { renderPublicPage, publicPages } = await import(
  pathToFileURL(path.join(renderDir, "render.mjs")).href
);

const manifest = readManifest();
const templatePath = path.join(DIST_DIR, "public-page.html");
const stylesheets = readdirSync(path.join(DIST_DIR, "assets")).filter((file) => file.endsWith(".css"));
if (stylesheets.length !== 1) {
  // Every document holds the whole stylesheet (vite.config.ts, cssCodeSplit), so there must be just one.
  throw new Error(`The build made ${stylesheets.length} stylesheets, where every document expects one`);
}
const template = inlineStylesheets(readFileSync(templatePath, "utf8"));
mkdirSync(path.join(DIST_DIR, "pages"), { recursive: true });
for (const [name, page] of Object.entries(publicPages)) {
  const html = await renderPublicPage(name);
  if (/<script(?![^>]*\bsrc=)[^>]*>/.test(html)) {
    throw new Error(
      `The prerendered page "${name}" holds an inline script, which the Content-Security-Policy blocks`,
    );
  }
  const document = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(/(<meta name="description" content=")[^"]*(")/, `$1${escapeHtml(page.description)}$2`)
    .replace('<div id="root"><!--page--></div>', `<div id="root" data-page="${name}">${html}</div>`);
  writeFileSync(path.join(DIST_DIR, "pages", `${name}.html`), document);
}
// The shell is only a template: no address answers it.
rmSync(templatePath);

const sizes = checkSizes(manifest);
console.log(formatSizes(sizes));
if (sizes.some((size) => size.over)) process.exit(1);

// Compressed once here at the best ratio, rather than on every request at a fast one: the server sends
// these files to browsers that accept them (@fastify/static's preCompressed).
const assetsDir = path.join(DIST_DIR, "assets");
for (const file of readdirSync(assetsDir)) {
  if (!/\.(js|css|svg)$/.test(file)) continue;
  const content = readFileSync(path.join(assetsDir, file));
  writeFileSync(
    path.join(assetsDir, `${file}.br`),
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(path.join(assetsDir, `${file}.gz`), gzipSync(content, { level: 9 }));
}

writeFileSync(BUILD_STAMP, `${JSON.stringify({ fingerprint, builtAt: new Date().toISOString() })}\n`);
await buildServer();

/**
 * The shell's stylesheet links replaced by the stylesheets themselves. Vite writes each as
 * `<link rel="stylesheet" crossorigin href="/assets/…">`; the Content-Security-Policy allows inline styles.
 */
function inlineStylesheets(html) {
  return html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (_link, file) => {
    const css = readFileSync(path.join(DIST_DIR, file), "utf8");
    if (css.includes("</style")) throw new Error(`${file} cannot be inlined: it holds "</style"`);
    return `<style>${css}</style>`;
  });
}

function escapeHtml(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
}
