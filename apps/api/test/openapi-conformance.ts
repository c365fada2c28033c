import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
// ajv and ajv-formats come with Fastify (its validator compiler and fast-json-stringify); the test reads
// the document as any OpenAPI 3.0 client validator would.
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

export type Operation = { responses?: Record<string, { content?: Record<string, { schema?: object }> }>; security?: unknown[] };
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>>; components?: { securitySchemes?: Record<string, unknown> }; validators: Map<string, ValidateFunction> };

/** GET /api/docs/json, with a cache of compiled validators. */
export async function loadOpenApiDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (response.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${response.statusCode}`);
  return { ...(response.json() as Omit<OpenApiDocument, 'validators'>), validators: new Map() };
}

// OpenAPI 3.0's schema objects: `nullable` is understood, `example` and friends are annotations.
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);

/** "GET /api/teachers/:id" → the document's path "/api/teachers/{id}" and method "get". */
function operationOf(document: OpenApiDocument, routeKey: string): { path: string; method: string; operation: Operation | undefined } {
  const [method = '', url = ''] = routeKey.split(' ');
  const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  return { path, method: method.toLowerCase(), operation: document.paths[path]?.[method.toLowerCase()] };
}

/**
 * Prometheus' scrape (decision 042): for the operator's monitoring, not a client's API; the pay link's
 * page (decision 050): a page for people. Both hidden from /api/docs.
 */
const NOT_IN_THE_DOCUMENT = new Set(['GET /metrics', 'GET /pay/:token', 'GET /mr/pay/:token', 'GET /hi/pay/:token', 'GET /welcome', 'GET /app/parent/fees/pay/:studentId', 'POST /app/teacher/attendance/mark', 'POST /app/student/online-tests/:testId/start']);

/**
 * What in one real answer the document does not describe: an undocumented status, another media type,
 * or a JSON body its schema refuses. [] when the answer is as documented.
 */
export function checkAnswerAgainstDocument(document: OpenApiDocument, routeKey: string, response: LightMyRequestResponse): string[] {
  if (NOT_IN_THE_DOCUMENT.has(routeKey)) return [];
  const { path, method, operation } = operationOf(document, routeKey);
  if (!operation) return [`${routeKey}: no operation ${method} ${path} in the document`];
  const status = String(response.statusCode);
  const documented = operation.responses?.[status];
  if (!documented) return [`${routeKey}: status ${status} is not documented`];
  const mediaType = String(response.headers['content-type'] ?? '').split(';')[0]!.trim();
  const content = documented.content ?? {};
  if (!mediaType) return [];
  if (!(mediaType in content)) return [`${routeKey} ${status}: answered ${mediaType}, documented ${Object.keys(content).join(', ') || 'no content'}`];
  if (mediaType !== 'application/json') return [];
  const key = `${method} ${path} ${status}`;
  let validate = document.validators.get(key);
  if (!validate) {
    validate = ajv.compile(content[mediaType]!.schema ?? {});
    document.validators.set(key, validate);
  }
  if (validate(response.json())) return [];
  return [`${routeKey} ${status}: ${ajv.errorsText(validate.errors, { separator: '; ' }).slice(0, 600)}`];
}
