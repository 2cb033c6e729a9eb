import fp from "fastify-plugin";
import { requestKind } from "./request-kind.ts";

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
 * Headers helmet does not set: a Permissions-Policy on every document and API answer, and
 * `Cache-Control: no-store` on every API answer that does not choose its own, since nearly all of them carry
 * someone's data (a shared computer's browser or a proxy must not keep them). Every answer carries its
 * `X-Request-Id`, the id its log lines carry (DESIGN §11).
 */
export const securityHeadersPlugin = fp(async (app) => {
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
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
