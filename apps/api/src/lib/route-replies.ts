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
