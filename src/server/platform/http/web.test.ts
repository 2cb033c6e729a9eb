import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/database.ts";
import { createRecordingMailer } from "../../../test/mailer.ts";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { ASSET_CACHE_CONTROL, INDEX_CACHE_CONTROL } from "./web.ts";

const INDEX_HTML = `<!doctype html><html><head><script type="module" src="/assets/app-1a2b3c.js"></script></head><body><div id="root"></div>${"<!-- padding -->".repeat(100)}</body></html>`;
const ASSET_JS = `console.log("podium");${" ".repeat(4000)}`;
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

  it.each(["/", "/events", "/events/0b7c-1", "/reset-password/abc", "/auth?mode=login"])(
    "answers the client route %s with index.html, revalidated on every load",
    async (url) => {
      const response = await web.app.inject({ url, headers: HTML });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/text\/html/);
      expect(response.headers["cache-control"]).toBe(INDEX_CACHE_CONTROL);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    },
  );

  it("serves files of the public folder", async () => {
    const response = await web.app.inject({ url: "/favicon.svg" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("<svg/>");
  });

  it("never answers /api with the page, even for a browser asking for HTML", async () => {
    for (const url of ["/api/no-such-thing", "/api", "/api/events/unknown/path"]) {
      const response = await web.app.inject({ url, headers: HTML });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: expect.stringContaining("No such endpoint") });
    }
    const health = await web.app.inject({ url: "/api/health", headers: HTML });
    expect(health.json()).toMatchObject({ status: "ok" });
  });

  it("answers 404 for a missing file and for callers that do not accept HTML", async () => {
    expect((await web.app.inject({ url: "/assets/gone-123.js", headers: HTML })).statusCode).toBe(404);
    expect((await web.app.inject({ url: "/logo.png", headers: HTML })).statusCode).toBe(404);
    const json = await web.app.inject({ url: "/events", headers: { accept: "application/json" } });
    expect(json.statusCode).toBe(404);
    expect(json.headers["content-type"]).toMatch(/json/);
  });

  it("accepts only reads: a POST to a page path is not the page", async () => {
    const response = await web.app.inject({ method: "POST", url: "/events", headers: HTML });
    expect(response.statusCode).toBe(404);
  });
});

describe("before the web app is built", () => {
  it("says how to build it instead of failing obscurely", async () => {
    const emptyDir = mkdtempSync(path.join(tmpdir(), "podium-empty-"));
    const web = await buildWebApp(emptyDir);
    try {
      const response = await web.app.inject({ url: "/", headers: HTML });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain("npm run build");
      expect((await web.app.inject({ url: "/api/health" })).statusCode).toBe(200);
    } finally {
      await web.close();
      rmSync(emptyDir, { recursive: true, force: true });
    }
  });
});
