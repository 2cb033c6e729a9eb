import fp from "fastify-plugin";
import { isApiRoute } from "../auth/plugin.ts";

/** The browser features Podium never uses, switched off for the page and anything it embeds. */
export const PERMISSIONS_POLICY =
  "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()";

/**
 * Headers helmet does not set: a Permissions-Policy on every answer, and `Cache-Control: no-store` on
 * every API answer that does not choose its own, since nearly all of them carry someone's data (a
 * shared computer's browser or a proxy must not keep them).
 */
export const securityHeadersPlugin = fp(async (app) => {
  app.addHook("onSend", async (request, reply) => {
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    if (isApiRoute(request) && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
  });
});
