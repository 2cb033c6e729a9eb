import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The browser app lives in src/web and is built into dist/, which the Fastify server serves. */
export default defineConfig({
  root: fileURLToPath(new URL("./src/web", import.meta.url)),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL("./dist", import.meta.url)),
    emptyOutDir: true,
    // Hashed file names let the server cache /assets/* for a year.
    assetsDir: "assets",
    // Two documents: the signed-in app, and the public pages' shell that scripts/build.mjs prerenders.
    // The manifest tells that script and the size check which files each page loads.
    rollupOptions: { input: { app: "index.html", public: "public-page.html" } },
    manifest: true,
    // No source maps: served, they would publish the whole web source (issue 10).
    sourcemap: false,
  },
});
