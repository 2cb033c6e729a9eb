import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createExpenseSchema,
  createMileageSchema,
  expenseListQuerySchema,
  expenseListSchema,
  expenseSchema,
  mileageEntrySchema,
  mileageListQuerySchema,
  mileageListSchema,
  mileageRateSchema,
  mileageRatesSchema,
  updateExpenseSchema,
  updateMileageSchema,
} from "../../../shared/schemas/expenses.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireUser } from "../../platform/auth/plugin.ts";
import { loadExpense } from "./expense-queries.ts";
import { listExpenses } from "./list-expenses.ts";
import { listTrips } from "./list-trips.ts";
import { loadTrip } from "./mileage-queries.ts";
import { loadRateTable, saveMileageRates, toMileageRates } from "./mileage-rates.ts";
import { createExpense, deleteExpense, updateExpense } from "./write-expense.ts";
import { createTrip, deleteTrip, updateTrip } from "./write-trip.ts";

const params = z.object({ id: z.string() });
const ratesAnswer = z.array(mileageRateSchema);

/** `/api/expenses`, `/api/mileage` and `/api/mileage-rates` (DESIGN §10). */
export async function expenseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireSignedIn);
  const tags = ["expenses"];

  app.get(
    "/api/expenses",
    { schema: { tags, querystring: expenseListQuerySchema, response: { 200: expenseListSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return listExpenses(app.db, requireUser(request).id, request.query);
    },
  );

  app.post(
    "/api/expenses",
    { schema: { tags, body: createExpenseSchema, response: { 201: expenseSchema } } },
    async (request, reply) => {
      const userId = requireUser(request).id;
      const id = await createExpense(app.db, userId, request.body);
      return reply.status(201).send(await loadExpense(app.db, userId, id));
    },
  );

  app.get(
    "/api/expenses/:id",
    { schema: { tags, params, response: { 200: expenseSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return loadExpense(app.db, requireUser(request).id, request.params.id);
    },
  );

  app.patch(
    "/api/expenses/:id",
    { schema: { tags, params, body: updateExpenseSchema, response: { 200: expenseSchema } } },
    async (request) => {
      const userId = requireUser(request).id;
      await updateExpense(app.db, userId, request.params.id, request.body);
      return loadExpense(app.db, userId, request.params.id);
    },
  );

  app.delete("/api/expenses/:id", { schema: { tags, params } }, async (request, reply) => {
    await deleteExpense(app.db, requireUser(request).id, request.params.id);
    return reply.status(204).send();
  });

  const mileageTags = ["mileage"];

  app.get(
    "/api/mileage",
    {
      schema: {
        tags: mileageTags,
        querystring: mileageListQuerySchema,
        response: { 200: mileageListSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return listTrips(app.db, requireUser(request).id, request.query);
    },
  );

  app.post(
    "/api/mileage",
    { schema: { tags: mileageTags, body: createMileageSchema, response: { 201: mileageEntrySchema } } },
    async (request, reply) => {
      const userId = requireUser(request).id;
      const id = await createTrip(app.db, userId, request.body);
      return reply.status(201).send(await loadTrip(app.db, userId, id));
    },
  );

  app.get(
    "/api/mileage/:id",
    { schema: { tags: mileageTags, params, response: { 200: mileageEntrySchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return loadTrip(app.db, requireUser(request).id, request.params.id);
    },
  );

  app.patch(
    "/api/mileage/:id",
    {
      schema: { tags: mileageTags, params, body: updateMileageSchema, response: { 200: mileageEntrySchema } },
    },
    async (request) => {
      const userId = requireUser(request).id;
      await updateTrip(app.db, userId, request.params.id, request.body);
      return loadTrip(app.db, userId, request.params.id);
    },
  );

  app.delete("/api/mileage/:id", { schema: { tags: mileageTags, params } }, async (request, reply) => {
    await deleteTrip(app.db, requireUser(request).id, request.params.id);
    return reply.status(204).send();
  });

  app.get(
    "/api/mileage-rates",
    { schema: { tags: mileageTags, response: { 200: ratesAnswer } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return toMileageRates(await loadRateTable(app.db, requireUser(request).id));
    },
  );

  app.put(
    "/api/mileage-rates",
    { schema: { tags: mileageTags, body: mileageRatesSchema, response: { 200: ratesAnswer } } },
    async (request) => toMileageRates(await saveMileageRates(app.db, requireUser(request).id, request.body)),
  );
}
