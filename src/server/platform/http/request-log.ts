import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A probe of load balancers and monitors (health, readiness, metrics): its request line is at debug level. */
    isProbe?: boolean;
  }
}

/**
 * One line per request as it ends (Fastify's own two lines are off, app.ts): the request id (`reqId`), the route's
 * pattern (`req.route`, never the path, which may hold a token), the status, the time taken in milliseconds and
 * the signed-in login's id (`login`) and the id of the speaker whose book it acted in (`workspace`). Nothing of the headers, cookies or body.
 */
export const requestLogPlugin = fp(async (app) => {
  app.addHook("onResponse", async (request, reply) => {
    const level = request.routeOptions.config.isProbe ? "debug" : "info";
    request.log[level](
      {
        req: request,
        res: { statusCode: reply.statusCode },
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        // Who acted and in whose book, apart: a team member's request names both (issue 40).
        login: request.login?.id,
        workspace: request.workspace?.speakerId,
      },
      "request completed",
    );
  });
});
