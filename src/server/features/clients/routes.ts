import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { type NameListQuery, nameListQuerySchema } from "../../../shared/schemas/fields.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireBookReader, requireUser } from "../../platform/auth/plugin.ts";
import { cachedAnswer } from "../../platform/http/book-cache.ts";
import { sendCachedAnswer } from "../../platform/http/send-json.ts";
import { createRecord, deleteRecord, getRecord, listRecords, updateRecord } from "./manage-records.ts";
import { bureauPartnerRecords, clientRecords, type KindTypes, type RecordKind } from "./record-kinds.ts";

const params = z.object({ id: z.string() });
type Params = z.output<typeof params>;

/**
 * The body as `schema` parsed it: the validator compiler (app.ts) has run the route's schema before the
 * handler. Fastify's type provider cannot follow a schema chosen by a type parameter, so the shared routes
 * say it here, once, tied to that schema's type.
 */
const parsed = <T>(_schema: z.ZodType<T>, body: unknown) => body as T;

/** `/api/clients` or `/api/bureau-partners` and `…/:id`: list, create, read, update and delete. */
function recordRoutes<K extends KindTypes>(kind: RecordKind<K>) {
  const { path, schemas } = kind;
  const tags = [kind.tag];
  return async (app: FastifyInstance) => {
    app.addHook("onRequest", requireSignedIn);

    app.get<{ Querystring: NameListQuery }>(
      path,
      { schema: { tags, querystring: nameListQuerySchema, response: { 200: schemas.page } } },
      async (request, reply) => {
        const reader = requireBookReader(request);
        const what = [kind.cacheKeys.list, request.query];
        const page = await cachedAnswer(app.db, reader, schemas.page, what, async () => ({
          value: await listRecords(app.db, kind, reader.userId, request.query),
        }));
        return sendCachedAnswer(reply, schemas.page, page);
      },
    );

    app.post(
      path,
      { schema: { tags, body: schemas.create, response: { 201: schemas.item } } },
      async (request, reply) => {
        const input = parsed(schemas.create, request.body);
        const record = await createRecord(app.db, kind, requireUser(request).id, input);
        return reply.status(201).send(record);
      },
    );

    app.get<{ Params: Params }>(
      `${path}/:id`,
      { schema: { tags, params, response: { 200: schemas.detail } } },
      async (request, reply) => {
        const reader = requireBookReader(request);
        const { id } = request.params;
        const what = [kind.cacheKeys.one, id];
        const record = await cachedAnswer(app.db, reader, schemas.detail, what, async () => ({
          value: await getRecord(app.db, kind, reader.userId, id),
        }));
        return sendCachedAnswer(reply, schemas.detail, record);
      },
    );

    app.patch<{ Params: Params }>(
      `${path}/:id`,
      { schema: { tags, params, body: schemas.update, response: { 200: schemas.item } } },
      async (request) => {
        const input = parsed(schemas.update, request.body);
        return updateRecord(app.db, kind, requireUser(request).id, request.params.id, input);
      },
    );

    app.delete<{ Params: Params }>(`${path}/:id`, { schema: { tags, params } }, async (request, reply) => {
      await deleteRecord(app.db, kind, requireUser(request).id, request.params.id);
      return reply.status(204).send();
    });
  };
}

export const clientRoutes = recordRoutes(clientRecords);
export const bureauPartnerRoutes = recordRoutes(bureauPartnerRecords);
