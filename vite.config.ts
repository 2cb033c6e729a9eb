import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The browser app lives in src/web and is built into dist/, which the Fastify server serves. */
export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL("./src/web", import.meta.url)),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL("./dist", import.meta.url)),
    emptyOutDir: true,
    // Hashed file names let the server cache /assets/* for a year.
    assetsDir: "assets",
    // Two documents: the signed-in app, and the public pages' shell that scripts/build.mjs prerenders.
    // The manifest tells that script and the size check which files each page loads.
    rolldownOptions: {
      input: { app: "index.html", public: "public-page.html" },
      // Small shared modules (an icon, a class-name helper) are copied into each chunk that uses them instead
      // of being fetched as files of a few hundred bytes: on a phone's link each file costs a request and
      // about a kilobyte of headers (the landing page loaded 28 files).
      // (The prerender's server build keeps its exports.)
      ...(isSsrBuild
        ? {}
        : {
            preserveEntrySignatures: false,
            output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 4 * 1024 } } },
          }),
    },
    manifest: true,
    // One stylesheet, which every document holds from its first byte (the app links it, the prerendered
    // pages inline it: scripts/build.mjs), so no lazily loaded chunk adds it again. Split per chunk, a public
    // page would fetch the whole stylesheet a second time when its page module loads.
    cssCodeSplit: false,
    // No source maps: served, they would publish the whole web source (issue 10).
    sourcemap: false,
  },
}));
