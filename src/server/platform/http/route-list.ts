import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyInstance {
    /** Every route registered after this plugin, one entry per method (for tests that walk all routes). */
    routeList: { method: string; url: string }[];
  }
}

/** Records the routes as they are registered; Fastify itself only prints them as a tree. */
export const routeListPlugin = fp(async (app) => {
  const routes: { method: string; url: string }[] = [];
  app.decorate("routeList", routes);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
});
