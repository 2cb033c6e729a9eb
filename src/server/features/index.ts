import type { FastifyInstance } from "fastify";
import { accountRoutes } from "./accounts/routes.ts";
import { healthRoutes } from "./health/routes.ts";

/** Every capability's routes; each feature registers its own under /api. */
export async function registerFeatures(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(accountRoutes);
}
