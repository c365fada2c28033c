import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { OPERATOR_COOKIE, SESSION_COOKIE } from '@academy/shared/cookies';
import { routeKey, ruleFor } from '../access/policy';

/*
 * The API's OpenAPI document (GET /api/docs/json) as a client generator or validator reads it (issue
 * 53): made from the routes' zod schemas by fastify-type-provider-zod, then completed here, once for
 * every route, from what the server really does (docs/decisions/047-what-real-clients-read.md):
 * - the failure envelope `{ success: false, message, errors? }` under each status the route can
 *   answer: 401/403 from its access rule (401 also for a sign-in's wrong password), 400 when it reads input, 404 when its address names a
 *   record, 409/413/415 for writes, 422 with an Idempotency-Key, 429 when rate limited, 503 always;
 * - `nullable: true` enums list `null` too (OpenAPI 3.0 validators such as ajv refuse `board: null` otherwise);
 * - the session cookie as `cookieAuth`, required by every route that is not open to anyone;
 * - file answers (PDF, calendar, workbook, pictures, robots.txt, the sitemap) with their media type;
 * - the providers' webhooks' bodies, which their routes read raw (signatures) and so do not declare.
 */

type JsonSchema = Record<string, unknown>;
type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route?: RouteOptions };

/** The document's `components.securitySchemes`: the session cookie a sign-in sets. */
export const SECURITY_SCHEMES = {
  cookieAuth: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie that POST /api/auth/login sets' },
  operatorCookieAuth: { type: 'apiKey', in: 'cookie', name: OPERATOR_COOKIE, description: 'The platform operator’s session cookie that POST /api/operator/login sets (at the base domain only)' },
} as const;

/** The failure envelope every error answer has. */
export const ERROR_ENVELOPE: JsonSchema = {
  type: 'object',
  required: ['success', 'message'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' }, description: 'One message per field that was refused' },
  },
};

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request was refused: a field, the query or the body is not valid',
  401: 'Not signed in (no session cookie, or it has ended)',
  403: 'Signed in, but this role may not do this (or the request came from another site)',
  404: 'Not found, or not the caller’s to see',
  409: 'Conflicts with the data as it is now',
  413: 'The body or upload is too large',
  415: 'The body’s content type is not accepted here',
  416: 'The requested range is not in the file',
  422: 'Well formed but not possible as sent (an Idempotency-Key reused for another request)',
  429: 'Too many requests; try again later',
  503: 'The database is unavailable or busy; try again (Retry-After)',
};

/** GET routes whose answer can also be a conflict (the state of the record decides). */
const READS_WITH_CONFLICT = new Set([
  'GET /api/attempts/:id/result',
  'GET /api/admin/settings/backups/recovery-sheet',
  // GSTR-1 needs a GSTIN (issue 57): none saved in Settings → Tax answers 409.
  'GET /api/fees/gst/gstr1.json',
  'GET /api/fees/gst/gstr1.xlsx',
  // The academy's own app (issue 78): no package name saved in Settings → Your app answers 409.
  'GET /api/admin/settings/app/twa-manifest.json',
  'GET /api/operator/academies/:slug/app/twa-manifest.json',
  // A lecture that already has its recording (decision 087): its upload and recording are no longer open.
  'GET /api/lectures/:id/tus/:uploadId',
  'GET /api/lectures/:id/recording',
]);
/** GET routes without an id that answer 404 when what they read is not set up (off-site backups off). */
const READS_OF_WHAT_MAY_BE_MISSING = new Set(['GET /api/admin/backups/remote', 'GET /api/admin/settings/backups/recovery-sheet']);
/** Start your academy (issue 55): the platform's routes, 404 with one academy (and the hand-off at an academy it is not for). */
const ONLY_WITH_MANY_ACADEMIES = new Set(['POST /api/academies/verification', 'GET /api/academies/slug-available', 'POST /api/academies', 'POST /api/auth/hand-off', 'GET /api/health/domain']);
/** Done only when something outside is found (an own domain's proof, issue 55): 422 says it was not. */
const CHECKS_OF_WHAT_MAY_BE_MISSING = new Set(['POST /api/admin/domains/:id/verify']);
/** The providers' callbacks: open to anyone, refused without their proof (signature, token, verify token). */
const PROVIDER_CALLBACKS = new Set(['GET /api/webhooks/whatsapp', 'POST /api/webhooks/whatsapp', 'POST /api/webhooks/msg91']);
/** Sign-ins: open to anyone, and a wrong email or password is their commonest answer (401). */
const SIGN_INS = new Set(['POST /api/auth/login', 'POST /api/operator/login']);
/** Routes serving a byte range of a stored file. */
const RANGE_READS = new Set(['GET /api/notes/file/:id']);

const MEDIA_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  ics: 'text/calendar',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  svg: 'image/svg+xml',
  csv: 'text/csv',
  txt: 'text/plain',
  xml: 'application/xml',
  png: 'image/png',
  webmanifest: 'application/manifest+json',
};
/** File answers whose address has no extension to tell their type. */
const FILE_ANSWERS: Record<string, string[]> = {
  'GET /api/receipts/:id/pdf': ['application/pdf'],
  'POST /api/students/:id/sign-in-slip': ['application/pdf'],
  'GET /api/notes/file/:id': ['application/pdf'],
  'GET /api/calendar/:file': ['text/calendar'],
  'GET /api/public/share-image/:file': ['image/png'],
  'GET /api/public/share-image/courses/:file': ['image/png'],
  // The academy's brand and app (issue 78): its logo's pictures, the asset links and Bubblewrap's configuration.
  'GET /api/public/brand/:file': ['image/png'],
  'GET /api/admin/backups/:name/download': ['application/gzip'],
  'GET /api/questions/images/:name': ['image/png', 'image/jpeg', 'image/webp'],
  'GET /api/webhooks/whatsapp': ['text/plain'],
  'GET /api/homework-files/:id': ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'],
  // A lecture's rendition (issue 75): its HLS playlist, fMP4 segments, board stills and their timeline.
  'GET /api/lectures/:id/hls/:kind/:name': ['application/vnd.apple.mpegurl', 'video/mp4', 'image/jpeg', 'application/json'],
  // A lecture's HLS AES-128 key (decision 088): 16 bytes.
  'GET /api/lectures/:id/key': ['application/octet-stream'],
};
const TEXT_MEDIA = /^(text\/|image\/svg\+xml|application\/xml)/;

/** The media types of a route's file answer, or none when it answers JSON. */
export function fileMediaTypes(method: string, url: string): string[] | undefined {
  const named = FILE_ANSWERS[routeKey(method, url)];
  if (named) return named;
  const extension = /\.([a-z]+)$/.exec(url)?.[1];
  const media = extension ? MEDIA_BY_EXTENSION[extension] : undefined;
  return media ? [media] : undefined;
}

/** The providers' callbacks: bodies read raw (signatures), documented here. */
const WEBHOOK_BODIES: Record<string, { consumes: string[]; body: JsonSchema }> = {
  'POST /api/webhooks/whatsapp': {
    consumes: ['application/json'],
    body: {
      type: 'object',
      description: 'Meta’s WhatsApp Cloud API webhook: statuses of sent messages and parents’ replies, signed with X-Hub-Signature-256',
      properties: { object: { type: 'string' }, entry: { type: 'array', items: { type: 'object', additionalProperties: true } } },
      additionalProperties: true,
    },
  },
  'POST /api/webhooks/msg91': {
    consumes: ['application/json', 'application/x-www-form-urlencoded'],
    body: {
      type: 'object',
      description: 'MSG91’s delivery reports: v3 as JSON (one report, a list, or { data: [...] }); v2 as a form whose `data` is the JSON text of the list',
      properties: { data: { description: 'The reports (a JSON list, or its text in the v2 form)' }, requestId: { type: 'string' }, status: { type: 'string' }, date: { type: 'string', description: 'Indian time without a zone: 2024-05-22 10:06:20' } },
      additionalProperties: true,
    },
  },
};

/** `nullable: true` beside an `enum` that lacks null: null joins the enum (OpenAPI 3.0.3, "nullable"). Recursive, in place. */
export function nullableEnumsAllowNull(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) nullableEnumsAllowNull(item);
    return;
  }
  if (schema === null || typeof schema !== 'object') return;
  const node = schema as JsonSchema;
  if (node.nullable === true && Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...node.enum, null];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'enum' || key === 'example' || key === 'default') continue;
    nullableEnumsAllowNull(value);
  }
}

/** The error statuses a route can answer, from its rule, its schema and its kind. */
export function errorStatuses(method: string, url: string, schema: JsonSchema, route?: Pick<RouteOptions, 'config'>): number[] {
  const rule = ruleFor(method, url);
  const write = method !== 'GET' && method !== 'HEAD';
  const statuses = new Set<number>([503]);
  const readsInput = ['body', 'querystring', 'params', 'headers'].some((part) => schema[part] !== undefined);
  if (readsInput || write) statuses.add(400);
  // A record open to anyone only when it is public (a public note): the others need a session.
  if ((rule && (rule.allow !== 'anyone' || rule.ownRecord)) || PROVIDER_CALLBACKS.has(routeKey(method, url)) || SIGN_INS.has(routeKey(method, url))) statuses.add(401);
  if (PROVIDER_CALLBACKS.has(routeKey(method, url))) statuses.add(403);
  // A role list or an account without its record: 403; every write from another site: 403.
  if ((rule && (Array.isArray(rule.allow) || rule.withRecord)) || write) statuses.add(403);
  if (schema.params !== undefined || /[:{]/.test(url) || rule?.ownRecord || READS_OF_WHAT_MAY_BE_MISSING.has(routeKey(method, url)) || ONLY_WITH_MANY_ACADEMIES.has(routeKey(method, url))) statuses.add(404);
  if (write || READS_WITH_CONFLICT.has(routeKey(method, url))) statuses.add(409);
  if (write) {
    statuses.add(413);
    statuses.add(415);
  }
  const headers = schema.headers as { properties?: Record<string, unknown> } | undefined;
  if (headers?.properties?.['idempotency-key'] !== undefined || CHECKS_OF_WHAT_MAY_BE_MISSING.has(routeKey(method, url))) statuses.add(422);
  if (RANGE_READS.has(routeKey(method, url))) statuses.add(416);
  const config = route?.config as { rateLimit?: unknown } | undefined;
  // A rate-limited route, and every write open to anyone (sign-in, codes, forms) has its limit.
  if (config?.rateLimit || (write && rule?.allow === 'anyone')) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/** @fastify/swagger's `transform`: the zod transform, then the completion above. */
export function openApiTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const output = jsonSchemaTransform(input);
  const schema = output.schema as JsonSchema | undefined;
  if (!schema || schema.hide) return output;
  const methods = input.route ? (Array.isArray(input.route.method) ? input.route.method : [input.route.method]) : ['GET'];
  const method = methods.find((one) => one !== 'HEAD') ?? 'GET';
  const url = input.url;
  const key = routeKey(method, url);
  const webhook = WEBHOOK_BODIES[key];
  if (webhook && schema.body === undefined) {
    schema.body = webhook.body;
    schema.consumes = webhook.consumes;
  }
  nullableEnumsAllowNull(schema);
  const response: Record<string, unknown> = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
  const files = fileMediaTypes(method, url);
  if (files) {
    const success = Object.keys(response).find((status) => status.startsWith('2')) ?? '200';
    const description = (response[success] as { description?: string } | undefined)?.description ?? 'The file';
    response[success] = {
      description,
      content: Object.fromEntries(files.map((media) => [media, { schema: TEXT_MEDIA.test(media) ? { type: 'string' } : { type: 'string', format: 'binary' } }])),
    };
  }
  for (const status of errorStatuses(method, url, schema, input.route)) {
    const description = status === 401 && SIGN_INS.has(key) ? 'The email (or student ID) and password do not match an account' : ERROR_DESCRIPTIONS[status];
    response[String(status)] ??= { description, content: { 'application/json': { schema: ERROR_ENVELOPE } } };
  }
  schema.response = response;
  const rule = ruleFor(method, url);
  if (rule && rule.allow !== 'anyone') schema.security = rule.allow === 'operator' ? [{ operatorCookieAuth: [] }] : [{ cookieAuth: [] }];
  return output;
}
