import type { IncomingMessage, ServerResponse } from "node:http";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import { VIDEO_FRAME_SOURCES } from "../../../shared/video-embed.ts";
import { requestKind } from "./request-kind.ts";

/**
 * A Content-Security-Policy's directives, each a fixed list of sources (null leaves a default directive out).
 * No directive may depend on the request: the header is written once, at start-up.
 */
export type ContentSecurityPolicy = { directives: Record<string, string[] | null> };

declare module "fastify" {
  interface FastifyContextConfig {
    /** This route's own Content-Security-Policy, instead of the app's (the development server's pages). */
    contentSecurityPolicy?: ContentSecurityPolicy;
  }
}

/** The app's policy: what every page may load, frame, send and be framed by. */
function appPolicy(isHttps: boolean): ContentSecurityPolicy {
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", "data:"],
      // Shared media kits play YouTube and Vimeo videos once the visitor asks (click-to-load).
      frameSrc: ["'self'", ...VIDEO_FRAME_SOURCES],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: isHttps ? [] : null,
    },
  };
}

function helmetOptions(isHttps: boolean, contentSecurityPolicy: ContentSecurityPolicy): HelmetOptions {
  return {
    contentSecurityPolicy,
    hsts: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // DENY, like the CSP's frame-ancestors 'none' (helmet's default SAMEORIGIN said otherwise).
    frameguard: { action: "deny" },
    crossOriginEmbedderPolicy: false,
  };
}

type HeaderLines = ReadonlyArray<readonly [name: string, value: string]>;

/**
 * The headers helmet writes with these options, in its order and spelling, recorded once. Building helmet
 * on every request, as @fastify/helmet does, cost about 5 % of the server's CPU on cached reads (issue 29).
 * Helmet's one removal (X-Powered-By) is left out: nothing sets that header.
 */
function recordHelmetHeaders(options: HelmetOptions): HeaderLines {
  const lines: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => lines.push([name, value]),
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return lines;
}

/** The browser features Podium never uses, switched off for the page and anything it embeds. */
export const PERMISSIONS_POLICY =
  "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()";

/**
 * Helmet's headers that govern a document (what it may load, frame or share) and mean nothing on a script,
 * stylesheet or font. The web app's hashed assets go without them: a phone's first visit fetches a dozen
 * such files, and these cost about 700 bytes on each. Every asset keeps nosniff and its resource policy.
 */
const DOCUMENT_ONLY_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "referrer-policy",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

/**
 * Helmet's headers, made once per policy at start-up and set on the Node response as helmet set them, so an
 * answer the route hands to another server (the development server's pages) keeps them too. Besides, a
 * Permissions-Policy on every document and API answer, and `Cache-Control: no-store` on every API answer that
 * does not choose its own, since nearly all of them carry someone's data (a shared computer's browser or a
 * proxy must not keep them). Every answer carries its `X-Request-Id`, the id its log lines carry (DESIGN §11).
 */
export const securityHeadersPlugin = fp<{ isHttps: boolean }>(async (app, { isHttps }) => {
  const appHeaders = recordHelmetHeaders(helmetOptions(isHttps, appPolicy(isHttps)));
  const routeHeaders = new WeakMap<ContentSecurityPolicy, HeaderLines>();
  app.addHook("onRoute", (route) => {
    const policy = route.config?.contentSecurityPolicy;
    if (policy && !routeHeaders.has(policy)) {
      routeHeaders.set(policy, recordHelmetHeaders(helmetOptions(isHttps, policy)));
    }
  });
  app.addHook("onRequest", (request, reply, done) => {
    const policy = request.routeOptions.config.contentSecurityPolicy;
    const headers = (policy && routeHeaders.get(policy)) || appHeaders;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    reply.header("x-request-id", request.id);
    done();
  });
  app.addHook("onSend", async (request, reply) => {
    const { isAsset, isApi } = requestKind(request);
    if (isAsset) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      return;
    }
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    if (isApi && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
  });
});
