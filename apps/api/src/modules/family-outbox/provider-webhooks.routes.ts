import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isReplyWord, START_REPLIES, STOP_REPLIES } from '@academy/shared/i18n/reply-words';
import type { Db, DbExecutor } from '../../db/client';
import { providerWebhookEvents } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { fieldWithNul, nulCharacterError } from '../../lib/nul-character';
import { isFinalWhatsAppError, isWhatsAppSignatureValid, msg91ErrorText, msg91ReportStatus, msg91ReportTime, whatsAppErrorText } from '../../lib/family-providers';
import type { ServerKeys } from '../../lib/server-keys';
import { isMsg91WebhookToken, messagingConfig } from '../settings';
import { recordProviderStatus, setWhatsAppStopped } from './family-outbox';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as it came (the providers' webhooks verify a signature over it). */
    rawBody?: Buffer;
  }
}

// What Meta posts (developers.facebook.com/docs/whatsapp/cloud-api/webhooks/components): only the
// parts read here; everything else is let through untouched.
const whatsAppStatus = z.object({
  id: z.string(),
  status: z.string(),
  timestamp: z.string().optional(),
  errors: z.array(z.object({ code: z.number().optional() }).loose()).optional(),
});
const whatsAppInbound = z.object({
  id: z.string().optional(),
  from: z.string(),
  type: z.string().optional(),
  text: z.object({ body: z.string() }).optional(),
  button: z.object({ text: z.string() }).loose().optional(),
});
const whatsAppBody = z
  .object({
    entry: z
      .array(
        z
          .object({
            changes: z
              .array(z.object({ value: z.object({ statuses: z.array(whatsAppStatus).optional(), messages: z.array(whatsAppInbound).optional() }).loose() }).loose())
              .optional(),
          })
          .loose(),
      )
      .optional(),
  })
  .loose();


// MSG91 posts its delivery reports as a list of requests, each with its numbers' reports.
const msg91Report = z.object({ status: z.union([z.string(), z.number()]).optional(), desc: z.string().optional(), date: z.string().optional() }).loose();
const msg91Request = z.object({ requestId: z.string(), report: z.array(msg91Report).optional() }).extend(msg91Report.shape).loose();
type Msg91Request = z.infer<typeof msg91Request>;
/**
 * `{ data: [...] }`, a bare list, or one request: the shapes MSG91's report webhook is set up to send.
 * Its documented v2 form posts `data` as a JSON string (application/x-www-form-urlencoded); v3 posts JSON.
 */
function msg91Requests(body: unknown): Msg91Request[] | undefined {
  if (body === undefined) return undefined;
  if (body !== null && typeof body === 'object' && typeof (body as { data?: unknown }).data === 'string') {
    try {
      body = { data: JSON.parse((body as { data: string }).data) as unknown };
    } catch {
      return undefined;
    }
  }
  const wrapped = z.object({ data: z.array(msg91Request) }).safeParse(body);
  if (wrapped.success) return wrapped.data.data;
  const list = z.array(msg91Request).safeParse(body);
  if (list.success) return list.data;
  const one = msg91Request.safeParse(body);
  return one.success ? [one.data] : undefined;
}

/** Meta's Unix seconds; anything else is the time it arrived (`recordProviderStatus` also refuses absurd times). */
const timeOf = (seconds: string | undefined) => (seconds && /^\d{1,12}$/.test(seconds) ? new Date(Number(seconds) * 1000) : new Date());

/**
 * A body read only after its sender is proven: JSON, or MSG91's v2 form. Undefined: neither. A NUL in
 * it answers 400, as the app-wide check (which never saw this body) does for every other route.
 */
function parseBody(raw: Buffer, contentType: string | undefined): unknown {
  const text = raw.toString('utf8');
  let body: unknown;
  if ((contentType ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) body = Object.fromEntries(new URLSearchParams(text));
  else if (text.trim() === '') body = {};
  else {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }
  const field = fieldWithNul(body, 'body');
  if (field !== undefined) throw nulCharacterError(field);
  return body;
}

/** Compares in constant time: both sides hashed first, so neither length nor content leaks through timing. */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Whether an event is seen for the first time, recorded in `tx` (issue 53): Meta's signature has no
 * time in it, so a captured body could be replayed; a second delivery changes nothing (and answers 200,
 * so a real retry stops).
 */
async function firstDelivery(tx: DbExecutor, id: string): Promise<boolean> {
  const inserted = await tx.insert(providerWebhookEvents).values({ id: id.slice(0, 300) }).onConflictDoNothing().returning({ id: providerWebhookEvents.id });
  return inserted.length > 0;
}

/**
 * The providers' callbacks (issue 37), reachable without a session and proven otherwise:
 * - WhatsApp: GET is Meta's subscription handshake (the verify token from Settings); every POST is
 *   signed with the app secret (`X-Hub-Signature-256`), refused with 401 and no change otherwise. It
 *   carries statuses (sent, delivered, read, failed) and parents' replies (STOP).
 * - MSG91: its delivery reports, to the address with the server's token that Settings shows.
 */
export const providerWebhookRoutes: FastifyPluginAsyncZod<{ db: Db; keys: ServerKeys }> = async (app, { db, keys }) => {
  // This plugin only: the body is kept as it came and read (parsed) by the handler only once the
  // signature or token has proven its sender (issue 53): nothing of an unproven body is parsed.
  // MSG91's v2 delivery reports come as a form (`data=<JSON>`).
  app.removeContentTypeParser('application/json');
  const keepRaw = (request: { rawBody?: Buffer }, body: Buffer | string, done: (error: Error | null, body?: unknown) => void) => {
    request.rawBody = Buffer.isBuffer(body) ? body : Buffer.from(body);
    done(null, undefined);
  };
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, keepRaw);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, keepRaw);
  const tags = ['webhooks'];

  app.get(
    '/webhooks/whatsapp',
    {
      schema: {
        tags,
        querystring: z.object({ 'hub.mode': z.string().optional(), 'hub.verify_token': z.string().optional(), 'hub.challenge': z.string().max(200).optional() }),
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const config = await messagingConfig(db, keys);
      const query = request.query;
      const expected = config.whatsapp.verifyToken;
      const given = query['hub.verify_token'];
      if (query['hub.mode'] !== 'subscribe' || !expected || given === undefined || !sameToken(given, expected) || !query['hub.challenge']) throw new AppError('FORBIDDEN');
      return reply.type('text/plain').send(query['hub.challenge']);
    },
  );

  app.post('/webhooks/whatsapp', { schema: { tags, response: { 200: z.object({ success: z.literal(true) }) } } }, async (request) => {
    const config = await messagingConfig(db, keys);
    const appSecret = config.whatsapp.appSecret;
    if (!appSecret || !request.rawBody || !isWhatsAppSignatureValid(appSecret, request.rawBody, request.headers['x-hub-signature-256'] as string | undefined)) {
      throw new AppError('UNAUTHENTICATED', 'The signature does not match');
    }
    const body = parseBody(request.rawBody, 'application/json');
    if (body === undefined) throw new AppError('BAD_REQUEST', 'The body is not valid JSON');
    const parsed = whatsAppBody.safeParse(body);
    if (!parsed.success) return { success: true as const }; // signed but not a shape we act on
    for (const change of (parsed.data.entry ?? []).flatMap((entry) => entry.changes ?? [])) {
      for (const status of change.value.statuses ?? []) {
        const code = status.errors?.[0]?.code;
        const state = status.status === 'failed' ? 'failed' : status.status === 'delivered' || status.status === 'read' || status.status === 'sent' ? status.status : undefined;
        if (!state) continue;
        await db.transaction(async (tx) => {
          if (!(await firstDelivery(tx, `whatsapp:status:${status.id}:${state}`))) return;
          await recordProviderStatus(tx, {
            channel: 'whatsapp',
            providerId: status.id,
            status: state,
            at: timeOf(status.timestamp),
            ...(state === 'failed' ? { error: whatsAppErrorText(code), final: code === undefined || isFinalWhatsAppError(code) } : {}),
          });
        });
      }
      for (const message of change.value.messages ?? []) {
        const words = message.text?.body ?? message.button?.text ?? '';
        const stop = isReplyWord(STOP_REPLIES, words);
        if (!stop && !isReplyWord(START_REPLIES, words)) continue;
        await db.transaction(async (tx) => {
          // A reply without an id (Meta always gives one) cannot be told from its replay: acted on each time.
          if (message.id && !(await firstDelivery(tx, `whatsapp:message:${message.id}`))) return;
          await setWhatsAppStopped(tx, `+${message.from}`, stop);
        });
      }
    }
    return { success: true as const };
  });

  app.post(
    '/webhooks/msg91',
    { schema: { tags, querystring: z.object({ token: z.string().max(100).optional() }), response: { 200: z.object({ success: z.literal(true) }) } } },
    async (request) => {
      if (!(await isMsg91WebhookToken(db, keys, request.query.token))) throw new AppError('UNAUTHENTICATED', 'The token does not match');
      const requests = request.rawBody ? msg91Requests(parseBody(request.rawBody, request.headers['content-type'])) : undefined;
      if (!requests) throw new AppError('BAD_REQUEST', 'Not a delivery report');
      for (const item of requests) {
        for (const report of item.report?.length ? item.report : [item]) {
          const status = msg91ReportStatus(report.status);
          if (!status) continue;
          await recordProviderStatus(db, {
            channel: 'sms',
            providerId: item.requestId,
            status,
            at: msg91ReportTime(report.date),
            ...(status === 'failed' ? { error: msg91ErrorText(report.status, report.desc), final: true } : {}),
          });
        }
      }
      return { success: true as const };
    },
  );
};
