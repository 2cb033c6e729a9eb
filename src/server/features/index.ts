import type { FastifyInstance } from "fastify";
import { accountDeletionRoutes } from "./account-deletion/routes.ts";
import { accountRoutes } from "./accounts/routes.ts";
import { dataManagementRoutes } from "./data-management/routes.ts";
import { healthRoutes } from "./health/routes.ts";

/** Every capability's routes; each feature registers its own under /api. */
export async function registerFeatures(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(accountRoutes);
  await app.register(dataManagementRoutes);
  await app.register(accountDeletionRoutes);
}
