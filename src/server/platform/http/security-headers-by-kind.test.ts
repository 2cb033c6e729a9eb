import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../../test/client.ts";
import { createTestDatabase } from "../../../test/database.ts";
import { createUser } from "../../../test/factories.ts";
import { samplePdf, temporaryDataDir, uploadOk } from "../../../test/files.ts";
import { createRecordingMailer } from "../../../test/mailer.ts";
import { renderPublicPage } from "../../../web/public-pages/render.tsx";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { cookieNames } from "../auth/plugin.ts";
import { createSession } from "../auth/sessions.ts";

/**
 * Every header of every kind of answer, in the order it goes on the wire, as a browser receives it: the
 * security headers are made once at start-up (security-headers.ts), and none may differ from what helmet
 * built on each request before (issue 29). Values that change from answer to answer are recorded as
 * `<varies>`; their presence and place still count.
 */
const VARYING = new Set(["date", "x-request-id", "set-cookie", "etag", "last-modified", "content-length"]);

const distDir = mkdtempSync(path.join(tmpdir(), "podium-dist-"));
mkdirSync(path.join(distDir, "assets"));
mkdirSync(path.join(distDir, "pages"));
writeFileSync(path.join(distDir, "index.html"), "<!doctype html><html><head></head><body></body></html>");
writeFileSync(path.join(distDir, "assets", "app-1a2b3c.js"), `console.log("podium");${" ".repeat(4000)}`);
for (const page of ["auth", "inquire"]) {
  writeFileSync(
    path.join(distDir, "pages", `${page}.html`),
    `<!doctype html><html><head><title>Podium</title></head><body><div id="root" data-page="${page}"></div></body></html>`,
  );
}
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

/** A server reached over plain HTTP, and one behind HTTPS (HSTS, upgrade-insecure-requests), which is public. */
const SERVERS = {
  "plain HTTP": { NODE_ENV: "test", APP_URL: "http://podium.example" },
  HTTPS: {
    NODE_ENV: "production",
    APP_URL: "https://podium.example",
    SESSION_SECRET: "s".repeat(40),
    SMTP_URL: "smtp://127.0.0.1:2525",
  },
};

async function listeningApp(env: Record<string, string>) {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: temporaryDataDir(), ...env }),
    database,
    mailer: createRecordingMailer(),
    secret: "test-secret-".padEnd(40, "x"),
    web: { mode: "built", distDir, renderPage: renderPublicPage },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { app, close };
}

/** A client signed in with the cookies this server names (`__Host-` ones behind HTTPS). */
async function signedInClient(app: FastifyInstance) {
  const client = createClient(app);
  const { token } = await createSession(app.db, { userId: (await createUser(app.db)).id });
  client.jar.set(cookieNames(app.config.isHttps).session, token);
  const { csrfToken } = (await client.get("/api/csrf-token")).json();
  // The test client sends the token it keeps under this name as the CSRF header.
  client.jar.set("csrf-token", csrfToken);
  return { client };
}

/** The answer's header lines as the socket carried them. */
function wireHeaders(
  app: FastifyInstance,
  method: string,
  url: string,
  headers: Record<string, string> = {},
) {
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return new Promise<string[]>((resolve, reject) => {
    const outgoing = httpRequest({ host: "127.0.0.1", port, method, path: url, headers }, (response) => {
      response.resume();
      response.on("end", () => {
        const lines = [`${response.statusCode}`];
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          const name = response.rawHeaders[i]!;
          lines.push(`${name}: ${VARYING.has(name.toLowerCase()) ? "<varies>" : response.rawHeaders[i + 1]}`);
        }
        resolve(lines);
      });
    });
    outgoing.on("error", reject);
    outgoing.end(headers["content-type"] ? "{not json" : undefined);
  });
}

const BROWSER = {
  "accept-encoding": "gzip, deflate, br",
  accept: "text/html,application/xhtml+xml,*/*;q=0.8",
};

describe.each(Object.entries(SERVERS))("answers of a server over %s", (_server, env) => {
  let ready: {
    app: FastifyInstance;
    close: () => Promise<void>;
    cookie: string;
    fileId: string;
    slug: string;
  };
  beforeAll(async () => {
    const { app, close } = await listeningApp(env);
    const { client } = await signedInClient(app);
    const cookie = [...client.jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const file = await uploadOk(client, samplePdf, { filename: "rider.pdf", contentType: "application/pdf" });
    const slug = `dana-${env.APP_URL.length}`;
    await client.put("/api/media-kit", { slug, headline: "Helping teams lead through change" });
    ready = { app, close, cookie, fileId: file.id, slug };
  }, 60_000);
  afterAll(() => ready?.close());

  it.each([
    ["a signed-in API read", "GET", "/api/events", "signed-in"],
    ["a signed-in API read, compressed", "GET", "/api/clients", "signed-in, browser"],
    ["the health route", "GET", "/api/health", ""],
    ["an API answer refused for want of a session", "GET", "/api/events", ""],
    [
      "an API 404 of a missing record",
      "GET",
      "/api/events/00000000-0000-4000-8000-000000000000",
      "signed-in",
    ],
    ["an API 404 of no such endpoint", "GET", "/api/no-such-thing", "signed-in"],
    ["an API 400 of a body that is not JSON", "POST", "/api/auth/login", "json"],
    ["a stored PDF", "GET", "/api/files/:file/content", "signed-in"],
    ["the signed-in app's page", "GET", "/", "signed-in, browser"],
    ["the signed-out visitor sent to /auth", "GET", "/", "browser"],
    ["the public landing page", "GET", "/auth", "browser"],
    ["a public page that may be framed", "GET", "/inquire/:slug", "browser"],
    ["a public page of nobody", "GET", "/inquire/nobody-here", "browser"],
    ["a hashed asset", "GET", "/assets/app-1a2b3c.js", "browser"],
    ["a missing file", "GET", "/favicon.ico", "browser"],
  ])("%s keeps its headers", async (_what, method, url, how) => {
    const { app, cookie, fileId, slug } = ready;
    const headers: Record<string, string> = {
      ...(how.includes("browser") && BROWSER),
      ...(how.includes("signed-in") && { cookie }),
      ...(how.includes("json") && { "content-type": "application/json" }),
    };
    const lines = await wireHeaders(
      app,
      method,
      url.replace(":file", fileId).replace(":slug", slug),
      headers,
    );
    expect(lines).toMatchSnapshot();
  });
});
