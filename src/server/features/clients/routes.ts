import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  clientDetailSchema,
  clientListQuerySchema,
  clientPageSchema,
  clientSchema,
  createClientSchema,
  updateClientSchema,
} from "../../../shared/schemas/clients.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireBookReader, requireUser } from "../../platform/auth/plugin.ts";
import { cachedAnswer } from "../../platform/http/book-cache.ts";
import { sendCachedAnswer } from "../../platform/http/send-json.ts";
import { createClient } from "./create-client.ts";
import { deleteClient } from "./delete-client.ts";
import { getClient } from "./get-client.ts";
import { listClients } from "./list-clients.ts";
import { updateClient } from "./update-client.ts";

const params = z.object({ id: z.string() });
const tags = ["clients"];

export async function clientRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireSignedIn);

  app.get(
    "/api/clients",
    { schema: { tags, querystring: clientListQuerySchema, response: { 200: clientPageSchema } } },
    async (request, reply) => {
      const reader = requireBookReader(request);
      const page = await cachedAnswer(
        app.db,
        reader,
        clientPageSchema,
        ["clients", request.query],
        async () => ({
          value: await listClients(app.db, reader.userId, request.query),
        }),
      );
      return sendCachedAnswer(reply, clientPageSchema, page);
    },
  );

  app.post(
    "/api/clients",
    { schema: { tags, body: createClientSchema, response: { 201: clientSchema } } },
    async (request, reply) => {
      const client = await createClient(app.db, requireUser(request).id, request.body);
      return reply.status(201).send(client);
    },
  );

  app.get(
    "/api/clients/:id",
    { schema: { tags, params, response: { 200: clientDetailSchema } } },
    async (request, reply) => {
      const reader = requireBookReader(request);
      const { id } = request.params;
      const client = await cachedAnswer(app.db, reader, clientDetailSchema, ["client", id], async () => ({
        value: await getClient(app.db, reader.userId, id),
      }));
      return sendCachedAnswer(reply, clientDetailSchema, client);
    },
  );

  app.patch(
    "/api/clients/:id",
    { schema: { tags, params, body: updateClientSchema, response: { 200: clientSchema } } },
    async (request) => updateClient(app.db, requireUser(request).id, request.params.id, request.body),
  );

  app.delete("/api/clients/:id", { schema: { tags, params } }, async (request, reply) => {
    await deleteClient(app.db, requireUser(request).id, request.params.id);
    return reply.status(204).send();
  });
}
