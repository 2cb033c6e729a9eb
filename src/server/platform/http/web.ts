import { existsSync, readdirSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { WEB_ROUTES } from "../../../shared/web-routes.ts";
import { cookieNames } from "../auth/plugin.ts";
import { findSession } from "../auth/sessions.ts";
import { PROJECT_ROOT } from "../project-root.ts";
import { injectPageHead, type PageHead, type PageHeadResolver, resolvePageHead } from "./page-head.ts";
import { PUBLIC_PAGE_ROUTES, type PublicPageRenderer, withHead, withPageContent } from "./public-pages.ts";
import type { ContentSecurityPolicy } from "./security-headers.ts";

/**
 * How the server delivers the browser app: the files `vite build` wrote to dist/ (`npm start`), or Vite
 * itself in middleware mode with hot reload on the same origin (`npm run dev`). A built app renders the
 * public pages reached by a token with the renderer the build bundled (dist/render/), or `renderPage`.
 */
export type WebOptions =
  | { mode: "built"; distDir?: string; renderPage?: PublicPageRenderer }
  | { mode: "vite" };

export const DEFAULT_DIST_DIR = path.join(PROJECT_ROOT, "dist");

/** Hashed file names change with their content, so browsers may keep them for a year. */
export const ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** index.html names the current hashed files, so it is revalidated on every load. */
export const INDEX_CACHE_CONTROL = "no-cache";

/** Files of the build that are not addressable: the app document is answered for pages, the stamp is for npm start. */
const NOT_SERVED = new Set(["index.html", "build-stamp.json"]);

/** Serves the web app; registered after every /api route so those always win. */
export async function webPlugin(app: FastifyInstance, options: WebOptions) {
  if (options.mode === "vite") await serveWithVite(app);
  else {
    const distDir = options.distDir ?? DEFAULT_DIST_DIR;
    await serveBuiltFiles(app, distDir, options.renderPage ?? (await loadPageRenderer(distDir)));
  }
}

/** The renderer scripts/build.mjs bundled with the pages; without one, pages show what was prerendered. */
async function loadPageRenderer(distDir: string): Promise<PublicPageRenderer | undefined> {
  const file = path.join(distDir, "render", "render.mjs");
  if (!existsSync(file)) return undefined;
  const { renderPublicPage } = (await import(pathToFileURL(file).href)) as {
    renderPublicPage: PublicPageRenderer;
  };
  return renderPublicPage;
}

async function serveBuiltFiles(
  app: FastifyInstance,
  distDir: string,
  renderPage: PublicPageRenderer | undefined,
) {
  const indexPath = path.join(distDir, "index.html");
  if (!existsSync(indexPath)) {
    app.log.warn(`The web app is not built (${indexPath} is missing); run "npm run build".`);
  }
  const assetsDir = path.join(distDir, "assets");
  if (existsSync(assetsDir)) {
    await app.register(fastifyStatic, {
      root: assetsDir,
      prefix: "/assets/",
      index: false,
      // Sends ASSET_CACHE_CONTROL.
      maxAge: "365d",
      immutable: true,
      // Source maps hold the whole web source; the build makes none (vite.config.ts), and none is served.
      allowedPath: (pathName) => !pathName.endsWith(".map"),
      // scripts/build.mjs writes .br and .gz beside each script and stylesheet.
      preCompressed: true,
    });
  }
  // Files of src/web/public (favicon…) sit next to index.html; anything else is a client route.
  const topLevelFiles = new Set(
    existsSync(distDir)
      ? readdirSync(distDir, { withFileTypes: true })
          .filter((entry) => entry.isFile() && !NOT_SERVED.has(entry.name))
          .map((entry) => entry.name)
      : [],
  );
  const pages = readPrerenderedPages(distDir);
  const sessionCookie = cookieNames(app.config.isHttps).session;
  const hasSession = async (request: FastifyRequest) => {
    const token = request.cookies[sessionCookie];
    return Boolean(token && (await findSession(app.db, token)));
  };
  /** A public page with its head, and its content rendered with the answer of its JSON call when known. */
  const renderDocument = async (
    document: string,
    page: string | undefined,
    head: PageHead,
    pathname: string,
  ) => {
    const html = injectPageHead(document, head);
    if (!page || !head.answer || !renderPage) return html;
    const answer = { status: head.answer.status, body: JSON.parse(head.answer.json) as unknown };
    return withPageContent(html, page, await renderPage(page, { path: pathname, answer }), head.answer);
  };

  /**
   * Answers a page; `heads` are the resolvers it may ask for the page's head (database reads), which only
   * the public pages' own routes do, each under its per-address limit (issue 27, item 15). The catch-all
   * route answers the app's document without asking them.
   */
  const servePage =
    (heads: PageHeadResolver[], isKnownPage = true) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const pathname = request.url.split("?")[0]!;
      const name = pathname.slice(1);
      if (topLevelFiles.has(name)) {
        return reply
          .header("cache-control", "public, max-age=3600")
          .sendFile(name, distDir, { cacheControl: false });
      }
      if (!isPagePath(pathname)) return reply.callNotFound();
      // Spec §2: `/` is the dashboard, `/auth` the landing page; each sends the wrong visitor to the other
      // at once, before any script loads.
      if (pathname === "/" && !(await hasSession(request))) return redirect(reply, "/auth");
      if (pathname === "/auth" && (await hasSession(request))) return redirect(reply, "/");

      const publicPage = PUBLIC_PAGE_ROUTES.find((route) => route.match(pathname));
      const prerendered = publicPage && pages.get(publicPage.page);
      if (publicPage && prerendered && publicPage.headFromFeatures) {
        const head = await resolvePageHead(heads, request, pathname);
        return reply
          .status(head?.status ?? 200)
          .header("cache-control", "no-store")
          .type("text/html; charset=utf-8")
          .send(head ? await renderDocument(prerendered, publicPage.page, head, pathname) : prerendered);
      }
      if (publicPage && prerendered) {
        const head = publicPage.head ? await publicPage.head(request) : undefined;
        if (head === null) reply.status(404);
        return sendHtml(reply, head ? withHead(prerendered, head) : prerendered);
      }
      if (!existsSync(indexPath)) {
        return reply
          .status(503)
          .type("text/plain; charset=utf-8")
          .send(
            'The Podium web app has not been built yet. Run "npm run build" (npm start does this for you).',
          );
      }
      const head = await resolvePageHead(heads, request, pathname);
      if (head) {
        if (head.redirect) return reply.redirect(head.redirect, 301);
        if (head.isFrameable) allowFraming(reply);
        const page = head.page ? pages.get(head.page) : undefined;
        const html = page
          ? await renderDocument(page, head.page, head, pathname)
          : injectPageHead(await readFile(indexPath, "utf8"), head);
        return reply
          .status(head.status ?? 200)
          .header("cache-control", "no-store")
          .type("text/html; charset=utf-8")
          .send(html);
      }
      // An address the app has no page for is the app's document too, whose router shows "Page not found",
      // answered as what it is: a 404, never a soft one.
      return reply
        .status(isKnownPage ? 200 : 404)
        .header("cache-control", INDEX_CACHE_CONTROL)
        .sendFile("index.html", distDir, { cacheControl: false });
    };

  for (const [url, limit] of app.publicPageLimits) {
    for (const pattern of [url, `${url}/`]) {
      app.get(pattern, { schema: { hide: true }, onRequest: limit }, servePage(app.pageHeads));
    }
  }
  // The app's own pages, matched by their patterns (src/shared/web-routes.ts); a public link's page above
  // is its feature's route.
  for (const pattern of appPagePatterns(app.publicPageLimits)) {
    app.get(pattern, { schema: { hide: true } }, servePage([]));
  }
  app.get("/*", { schema: { hide: true } }, servePage([], false));
}

/**
 * The server's routes for the app's pages: each pattern of WEB_ROUTES as Fastify spells it (the same syntax),
 * also with a trailing slash, as the browser's router accepts it; a splat route answers its bare prefix too.
 */
function appPagePatterns(publicPages: Map<string, unknown>): Set<string> {
  const patterns = new Set<string>();
  for (const route of Object.values(WEB_ROUTES)) {
    const base = route.endsWith("/*") ? route.slice(0, -2) : route;
    if (publicPages.has(base)) continue;
    for (const pattern of [route, base, `${base}/`]) patterns.add(pattern === "//" ? "/" : pattern);
  }
  return patterns;
}

/**
 * An unknown path under /api, spelled as the router reads it (`/%61pi/x` is `/api/x`), answers the API's 404
 * rather than the app's document.
 */
function isApiPath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURI(pathname);
  } catch {
    return false;
  }
  return decoded === "/api" || decoded.startsWith("/api/");
}

/** A page of the app: not an API path and not a file name (whatever the caller's Accept header says). */
function isPagePath(pathname: string): boolean {
  if (isApiPath(pathname)) return false;
  return !/\.[a-z0-9]+$/i.test(pathname);
}

function redirect(reply: FastifyReply, location: string) {
  // The answer depends on the session cookie, so no cache may keep it.
  return reply.header("cache-control", "no-store").redirect(location, 302);
}

/** Lifts this answer's ban on being framed (helmet's frame-ancestors 'none' and X-Frame-Options: DENY). */
function allowFraming(reply: FastifyReply) {
  const policy = reply.getHeader("content-security-policy");
  if (typeof policy === "string") {
    reply.header("content-security-policy", policy.replace("frame-ancestors 'none'", "frame-ancestors *"));
  }
  reply.removeHeader("x-frame-options");
}

function sendHtml(reply: FastifyReply, html: string) {
  return reply.header("cache-control", INDEX_CACHE_CONTROL).type("text/html; charset=utf-8").send(html);
}

/** dist/pages/<name>.html, written by scripts/build.mjs (src/web/public-pages), read once at start. */
function readPrerenderedPages(distDir: string): Map<string, string> {
  const pagesDir = path.join(distDir, "pages");
  const pages = new Map<string, string>();
  if (!existsSync(pagesDir)) return pages;
  for (const file of readdirSync(pagesDir)) {
    if (file.endsWith(".html")) pages.set(file.slice(0, -5), readFileSync(path.join(pagesDir, file), "utf8"));
  }
  return pages;
}

async function serveWithVite(app: FastifyInstance) {
  // Imported here so that production never loads Vite (a development dependency).
  const { createServer } = await import("vite");
  const vite = await createServer({
    configFile: path.join(PROJECT_ROOT, "vite.config.ts"),
    appType: "spa",
    server: { middlewareMode: true, hmr: { server: app.server } },
  });
  app.addHook("onClose", async () => vite.close());

  const handOver = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split("?")[0]!;
    if (isApiPath(pathname)) return reply.callNotFound();
    reply.hijack();
    vite.middlewares(request.raw, reply.raw, () => {
      reply.raw.statusCode = 404;
      reply.raw.end("Not found");
    });
  };
  app.get("/*", { schema: { hide: true }, config: { contentSecurityPolicy: DEVELOPMENT_CSP } }, handOver);
}

/**
 * Vite's development page starts React Fast Refresh with an inline script and talks to the page over a
 * WebSocket; the production policy (security-headers.ts) allows neither. Used only by `npm run dev`.
 */
const DEVELOPMENT_CSP: ContentSecurityPolicy = {
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'unsafe-inline'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:"],
    connectSrc: ["'self'", "ws:", "wss:"],
    fontSrc: ["'self'", "data:"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: null,
  },
};
