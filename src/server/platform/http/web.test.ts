import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../../test/client.ts";
import { createTestDatabase } from "../../../test/database.ts";
import { createRecordingMailer } from "../../../test/mailer.ts";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { registerThroughApi } from "../../features/accounts/testing.ts";
import { withHead } from "./public-pages.ts";
import { ASSET_CACHE_CONTROL, INDEX_CACHE_CONTROL } from "./web.ts";

const INDEX_HTML = `<!doctype html><html><head><script type="module" src="/assets/app-1a2b3c.js"></script></head><body><div id="root"></div>${"<!-- padding -->".repeat(100)}</body></html>`;
const ASSET_JS = `console.log("podium");${" ".repeat(4000)}`;
const LANDING_HTML = `<!doctype html><html><head><meta name="description" content="Podium" /><title>Podium</title></head><body><div id="root" data-page="auth"><h1>More Stage Time. Less Screen Time.</h1></div></body></html>`;
const HTML = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

async function buildWebApp(distDir: string) {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
    database,
    mailer: createRecordingMailer(),
    secret: "test-secret-".padEnd(40, "x"),
    web: { mode: "built", distDir },
  });
  await app.ready();
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { app, close };
}

describe("serving the built web app", () => {
  const distDir = mkdtempSync(path.join(tmpdir(), "podium-dist-"));
  let web: Awaited<ReturnType<typeof buildWebApp>>;

  beforeAll(async () => {
    mkdirSync(path.join(distDir, "assets"));
    writeFileSync(path.join(distDir, "index.html"), INDEX_HTML);
    writeFileSync(path.join(distDir, "favicon.svg"), "<svg/>");
    writeFileSync(path.join(distDir, "assets", "app-1a2b3c.js"), ASSET_JS);
    writeFileSync(path.join(distDir, "assets", "landing-4d5e6f.js"), ASSET_JS);
    writeFileSync(path.join(distDir, "assets", "landing-4d5e6f.js.br"), brotliCompressSync(ASSET_JS));
    mkdirSync(path.join(distDir, "pages"));
    writeFileSync(path.join(distDir, "pages", "auth.html"), LANDING_HTML);
    writeFileSync(path.join(distDir, "build-stamp.json"), "{}");

    writeFileSync(path.join(distDir, "assets", "app-1a2b3c.js.map"), '{"sources":["src/web/main.tsx"]}');
    web = await buildWebApp(distDir);
  });
  afterAll(async () => {
    await web.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it("serves hashed assets for a year, immutable", async () => {
    const response = await web.app.inject({ url: "/assets/app-1a2b3c.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe(ASSET_CACHE_CONTROL);
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.body).toBe(ASSET_JS);
  });

  it("sends an asset only the headers that mean something on a script", async () => {
    const response = await web.app.inject({ url: "/assets/app-1a2b3c.js" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(response.headers["content-security-policy"]).toBeUndefined();
    expect(response.headers["x-frame-options"]).toBeUndefined();
    expect(response.headers["permissions-policy"]).toBeUndefined();
  });

  it("never serves a source map, even one left in the build folder", async () => {
    const response = await web.app.inject({ url: "/assets/app-1a2b3c.js.map", headers: HTML });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("sources");
  });

  it("sends the page with frames denied and browser features it never uses switched off", async () => {
    const response = await web.app.inject({ url: "/events", headers: HTML });
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["permissions-policy"]).toContain("camera=()");
  });

  it("compresses what it sends when the browser accepts it", async () => {
    const response = await web.app.inject({
      url: "/assets/app-1a2b3c.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(response.rawPayload).toString()).toBe(ASSET_JS);
  });

  it.each(["/no-such-page", "/no/such/page", "/events/1/extra", "/metrics", "/join/not-an-invitation"])(
    "answers %s, which the app has no page for, with the app's document as a 404 (no soft 404)",
    async (url) => {
      const response = await web.app.inject({ url, headers: HTML });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
    },
  );

  it.each([
    "/events",
    "/events/0b7c-1",
    "/events/",
    "/reset-password",
    "/reset-password/abc",
    "/admin/announcements",
  ])("answers the client route %s with index.html, revalidated on every load", async (url) => {
    const response = await web.app.inject({ url, headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
    expect(response.headers["cache-control"]).toBe(INDEX_CACHE_CONTROL);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
  });

  it("sends the build's precompressed file when there is one", async () => {
    const response = await web.app.inject({
      url: "/assets/landing-4d5e6f.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["cache-control"]).toBe(ASSET_CACHE_CONTROL);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(ASSET_JS);
  });

  it("serves files of the public folder", async () => {
    const response = await web.app.inject({ url: "/favicon.svg" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("<svg/>");
  });

  it("never answers /api with the page, even for a browser asking for HTML", async () => {
    for (const url of ["/api/no-such-thing", "/api", "/api/events/unknown/path", "/%61pi/no-such-thing"]) {
      const response = await web.app.inject({ url, headers: HTML });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: expect.stringContaining("No such endpoint") });
    }
    const health = await web.app.inject({ url: "/api/health", headers: HTML });
    expect(health.json()).toMatchObject({ status: "ok" });
  });

  it("answers 404 for a missing asset or file, whatever the caller accepts", async () => {
    for (const url of ["/assets/gone-123.js", "/assets/gone", "/logo.png", "/build-stamp.json"]) {
      expect((await web.app.inject({ url, headers: HTML })).statusCode).toBe(404);
      expect((await web.app.inject({ url })).statusCode).toBe(404);
    }
  });

  it("answers a page with its HTML whatever the Accept header says, or without one", async () => {
    for (const headers of [{}, { accept: "application/json" }, { accept: "*/*" }]) {
      const response = await web.app.inject({ url: "/events", headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/text\/html/);
      expect(response.body).toBe(INDEX_HTML);
    }
  });

  it("sends a visitor without a session from / to the landing page at once, even without Accept", async () => {
    for (const headers of [{}, HTML, { cookie: "podium_session=not-a-session" }]) {
      const response = await web.app.inject({ url: "/", headers });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe("/auth");
      expect(response.headers["cache-control"]).toBe("no-store");
    }
    const landing = await web.app.inject({ url: "/auth" });
    expect(landing.statusCode).toBe(200);
    expect(landing.headers["content-type"]).toMatch(/text\/html/);
  });

  it("answers / with the app for a signed-in user, and sends them from /auth to /", async () => {
    const client = createClient(web.app);
    await registerThroughApi(client);
    const home = await client.get("/");
    expect(home.statusCode).toBe(200);
    expect(home.body).toBe(INDEX_HTML);
    const auth = await client.get("/auth");
    expect(auth.statusCode).toBe(302);
    expect(auth.headers.location).toBe("/");
  });

  it.each(["/auth", "/auth/", "/auth?mode=login"])(
    "answers %s with the prerendered landing page",
    async (url) => {
      const response = await web.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe(INDEX_CACHE_CONTROL);
      expect(response.body).toBe(LANDING_HTML);
      expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    },
  );

  it("accepts only reads: a POST to a page path is not the page", async () => {
    const response = await web.app.inject({ method: "POST", url: "/events", headers: HTML });
    expect(response.statusCode).toBe(404);
  });
});

describe("a public page's head", () => {
  it("carries the page's title, description and Open Graph tags, escaped", () => {
    const html = withHead(LANDING_HTML, {
      title: 'Maya "Keynote" <Chen>',
      description: "Speaker & author",
      image: "https://podium.example/og/maya.png",
      url: "https://podium.example/share/maya/abc",
    });
    expect(html).toContain("<title>Maya &#34;Keynote&#34; &#60;Chen&#62;</title>");
    expect(html).toContain('<meta name="description" content="Speaker &#38; author" />');
    expect(html).toContain('<meta property="og:title" content="Maya &#34;Keynote&#34; &#60;Chen&#62;">');
    expect(html).toContain('<meta property="og:description" content="Speaker &#38; author">');
    expect(html).toContain('<meta property="og:image" content="https://podium.example/og/maya.png">');
    expect(html).toContain('<meta property="og:url" content="https://podium.example/share/maya/abc">');
    expect(html.indexOf("og:title")).toBeLessThan(html.indexOf("</head>"));
    expect(html).toContain("<h1>More Stage Time. Less Screen Time.</h1>");
  });
});

describe("before the web app is built", () => {
  it("says how to build it instead of failing obscurely", async () => {
    const emptyDir = mkdtempSync(path.join(tmpdir(), "podium-empty-"));
    const web = await buildWebApp(emptyDir);
    try {
      const response = await web.app.inject({ url: "/auth", headers: HTML });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain("npm run build");
      expect((await web.app.inject({ url: "/api/health" })).statusCode).toBe(200);
    } finally {
      await web.close();
      rmSync(emptyDir, { recursive: true, force: true });
    }
  });
});
