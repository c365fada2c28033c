import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import { idParamsSchema } from '@academy/shared/schemas/common';

/**
 * The routes most modules declare, each in one call: a read answering `{ success: true, data }`, a change
 * answering the same with its message (status 201 for a creation), and an action answering only
 * `{ success: true, message }`. The schema is the route's own (validation, OpenAPI) and types the handler:
 *
 *   dataRoute(app, 'GET', '/standards/:id', { tags, params: idParamsSchema, response: { 200: apiSuccess(standardSchema) } },
 *     (request) => getStandard(db, request.params.id));
 */
type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;
type RequestFor<S extends FastifySchema> = FastifyRequest<RouteGenericInterface, RawServerDefault, RawRequestDefaultExpression, S, ZodTypeProvider>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/**
 * The handler as Fastify types it for schema `S`. TypeScript cannot resolve the reply type of a schema that is
 * still generic, so the one cast is here; the route's schema serializes (and so checks) every reply at run time,
 * and each caller's `load` is typed against its schema.
 */
function handlerFor<S extends FastifySchema>(handler: (request: RequestFor<S>, reply: FastifyReply) => Promise<unknown>) {
  return handler as unknown as RouteHandlerMethod<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, RouteGenericInterface, unknown, S, ZodTypeProvider>;
}

/** The `data` the schema's response for `Code` declares. */
type DataOf<S, Code extends number> = S extends { response: { [K in Code]: infer R extends z.ZodType } } ? (z.output<R> extends { data: infer D } ? D : never) : never;

/** A route answering 200 `{ success: true, data }`, with `message` when given (a change). */
export function dataRoute<S extends FastifySchema & { response: { 200: z.ZodType } }>(
  app: ZodApp,
  method: Method,
  url: string,
  schema: S,
  load: (request: RequestFor<S>) => Promise<DataOf<S, 200>>,
  message?: string,
) {
  app.route({
    method,
    url,
    schema,
    handler: handlerFor<S>(async (request) => {
      const data = await load(request);
      return message === undefined ? { success: true, data } : { success: true, data, message };
    }),
  });
}

/** A POST creating a record: 201 `{ success: true, data, message }`. */
export function createdRoute<S extends FastifySchema & { response: { 201: z.ZodType } }>(
  app: ZodApp,
  url: string,
  schema: S,
  create: (request: RequestFor<S>) => Promise<DataOf<S, 201>>,
  message: string,
) {
  app.post(url, { schema }, handlerFor<S>(async (request, reply) => reply.status(201).send({ success: true, data: await create(request), message })));
}

/** A route that acts and answers only its message (a deletion, a password change). */
export function messageRoute<S extends FastifySchema>(app: ZodApp, method: Method, url: string, schema: S, act: (request: RequestFor<S>) => Promise<unknown>, message: string) {
  app.route({
    method,
    url,
    schema,
    handler: handlerFor<S>(async (request) => {
      await act(request);
      return { success: true, message };
    }),
  });
}

/**
 * A record's commands as its module's service writes them: each with the database, a change also with the
 * person acting (the route's caller).
 */
export type RecordCommands<D, A, In, Up, Out> = {
  create: (db: D, actor: A, input: In) => Promise<Out>;
  read: (db: D, id: string) => Promise<Out>;
  update: (db: D, actor: A, id: string, input: Up) => Promise<Out>;
  remove: (db: D, actor: A, id: string) => Promise<unknown>;
};

/**
 * A record managed at `url` (`/standards`): POST `url` creates it (201 with `messages.created`), GET `url/:id`
 * reads it, PUT `url/:id` changes it (`messages.updated`) and DELETE `url/:id` removes it (`messages.deleted`),
 * answering as createdRoute, dataRoute and messageRoute do. Each reply with a record is `record`'s shape; the
 * bodies are validated by `input` (creation) and `update` (change); `actorOf` names the caller of a change.
 */
export function recordRoutes<D, A, Input extends z.ZodType, Update extends z.ZodType, Shown extends z.ZodType>(
  app: ZodApp,
  context: { db: D; actorOf: (request: FastifyRequest) => A },
  url: string,
  schemas: { tags: string[]; input: Input; update: Update; record: Shown },
  commands: RecordCommands<D, A, z.output<Input>, z.output<Update>, z.output<Shown>>,
  messages: { created: string; updated: string; deleted: string },
) {
  const { db, actorOf } = context;
  const { tags } = schemas;
  const params = idParamsSchema;
  const reply = apiSuccess(schemas.record);
  // The schemas validate each body before the commands see it; their generic types are named here for them.
  const created = { tags, body: schemas.input, response: { 201: reply } };
  app.post(url, { schema: created }, handlerFor<typeof created>(async (request, response) => {
    const data = await commands.create(db, actorOf(request), request.body as z.output<Input>);
    return response.status(201).send({ success: true, data, message: messages.created });
  }));
  const read = { tags, params, response: { 200: reply } };
  app.get(`${url}/:id`, { schema: read }, handlerFor<typeof read>(async (request) => ({ success: true, data: await commands.read(db, request.params.id) })));
  const changed = { tags, params, body: schemas.update, response: { 200: reply } };
  app.put(`${url}/:id`, { schema: changed }, handlerFor<typeof changed>(async (request) => {
    const data = await commands.update(db, actorOf(request), request.params.id, request.body as z.output<Update>);
    return { success: true, data, message: messages.updated };
  }));
  messageRoute(app, 'DELETE', `${url}/:id`, { tags, params, response: { 200: messageOnlySchema } }, (request) => commands.remove(db, actorOf(request), request.params.id), messages.deleted);
}
