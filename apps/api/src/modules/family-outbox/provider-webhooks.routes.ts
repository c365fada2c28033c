import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isReplyWord, START_REPLIES, STOP_REPLIES } from '@academy/shared/i18n/reply-words';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client';
import { academies, academyWhatsappNumbers, providerWebhookEvents } from '../../db/schema';
import { currentAcademyId, enteredAcademyId, withAcademy } from '../../lib/tenancy';
import { AppError } from '../../lib/app-error';
import { fieldWithNul, nulCharacterError } from '../../lib/nul-character';
import { siteOrigin } from '../../lib/site-origin';
import { isFinalWhatsAppError, isWhatsAppSignatureValid, msg91ErrorText, msg91ReportStatus, msg91ReportTime, whatsAppErrorText } from '../../lib/family-providers';
import type { ServerKeys } from '../../lib/server-keys';
import { isMsg91WebhookToken, messagingConfig } from '../../academy-settings';
import { emitEvent } from '../../events/emit';
import { recordProviderStatus } from './delivery-status';
import { joinOn } from '../../db/same-academy';

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
  timestamp: z.string().optional(),
  type: z.string().optional(),
  text: z.object({ body: z.string() }).optional(),
  // A template's quick-reply button: its words and the payload it was sent with.
  button: z.object({ text: z.string(), payload: z.string().optional() }).loose().optional(),
  // A session message's reply button or list row: the id it was sent with, and its title.
  interactive: z
    .object({
      type: z.string().optional(),
      button_reply: z.object({ id: z.string(), title: z.string() }).loose().optional(),
      list_reply: z.object({ id: z.string(), title: z.string() }).loose().optional(),
    })
    .loose()
    .optional(),
  // The message the parent answered (its wamid).
  context: z.object({ id: z.string().optional() }).loose().optional(),
});
/** A parent's message as Meta delivers it (the parts read here). */
export type WhatsAppInbound = z.infer<typeof whatsAppInbound>;
/**
 * What becomes of a parent's message other than STOP/START (issue 60: modules/conversations), inside the
 * transaction that recorded its id, so a replayed message is never handled twice. `origin`: the site's
 * address for links in an answer (lib/site-origin.ts).
 */
export type WhatsAppMessageHandler = (tx: DbExecutor, message: WhatsAppInbound, origin: string) => Promise<void>;
const whatsAppChange = z
  .object({
    value: z
      .object({
        metadata: z.object({ phone_number_id: z.string().optional() }).loose().optional(),
        statuses: z.array(whatsAppStatus).optional(),
        messages: z.array(whatsAppInbound).optional(),
      })
      .loose(),
  })
  .loose();
type WhatsAppChange = z.infer<typeof whatsAppChange>;
const whatsAppBody = z
  .object({ entry: z.array(z.object({ changes: z.array(whatsAppChange).optional() }).loose()).optional() })
  .loose();

/**
 * The academies a WhatsApp delivery is for (issue 55), and which of its changes each one gets:
 * - at an academy's own address (or in a one-academy installation), that academy, every change;
 * - at the base domain (no academy), each change's `metadata.phone_number_id` looked up in the
 *   platform's `academy_whatsapp_numbers`. Only these ids are read from the body before a signature
 *   is checked, and nothing is acted on until every academy's app secret has checked it.
 * Empty: no academy known (refused as unsigned, 401).
 */
async function whatsAppAcademies(db: Db, raw: Buffer): Promise<{ academyId: string; only?: Set<string> }[]> {
  const entered = enteredAcademyId();
  if (entered !== null) return [{ academyId: currentAcademyId() }];
  let ids: string[] = [];
  try {
    const parsed = whatsAppBody.safeParse(JSON.parse(raw.toString('utf8')));
    if (parsed.success) ids = (parsed.data.entry ?? []).flatMap((entry) => entry.changes ?? []).flatMap((change) => change.value.metadata?.phone_number_id ?? []);
  } catch {
    return [];
  }
  if (ids.length === 0) return [];
  // Active academies only: a suspended academy's deliveries are refused as its own address refuses them.
  const rows = await db
    .select({ academyId: academyWhatsappNumbers.academyId, phoneNumberId: academyWhatsappNumbers.phoneNumberId })
    .from(academyWhatsappNumbers)
    .innerJoin(academies, joinOn(academies.id, academyWhatsappNumbers.academyId))
    .where(and(inArray(academyWhatsappNumbers.phoneNumberId, [...new Set(ids)].slice(0, 50)), eq(academies.status, 'active')));
  const byAcademy = new Map<string, Set<string>>();
  for (const row of rows) byAcademy.set(row.academyId, (byAcademy.get(row.academyId) ?? new Set()).add(row.phoneNumberId));
  return [...byAcademy].map(([academyId, only]) => ({ academyId, only }));
}

/** The changes of `body` for one academy: all of them, or those naming one of its phone numbers. */
function changesFor(changes: WhatsAppChange[], only: Set<string> | undefined): WhatsAppChange[] {
  return only ? changes.filter((change) => only.has(change.value.metadata?.phone_number_id ?? '')) : changes;
}


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
    // The form's `data` held "\u0000" as six plain characters; parsed, it is a NUL PostgreSQL refuses (issue 71: a 500).
    const field = fieldWithNul(body, 'body');
    if (field !== undefined) throw nulCharacterError(field);
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

/** Forgets the events seen more than 30 days ago (Meta retries for 7 days at most; the job `expired-sign-in-records`). */
export async function forgetOldWebhookEvents(db: Db): Promise<void> {
  await db.delete(providerWebhookEvents).where(lt(providerWebhookEvents.receivedAt, sql`now() - interval '30 days'`));
}

/**
 * The providers' callbacks (issue 37), reachable without a session and proven otherwise:
 * - WhatsApp: GET is Meta's subscription handshake (the verify token from Settings); every POST is
 *   signed with the app secret (`X-Hub-Signature-256`), refused with 401 and no change otherwise. It
 *   carries statuses (sent, delivered, read, failed) and parents' replies (STOP).
 * - MSG91: its delivery reports, to the address with the server's token that Settings shows.
 */
/**
 * `academyAddress`: an academy's own address when the webhook arrives at the platform's (many academies):
 * the links in an answer (a pay link) must open at the parent's academy, not the platform.
 */
export const providerWebhookRoutes: FastifyPluginAsyncZod<{ db: Db; keys: ServerKeys; publicUrl?: string; onWhatsAppMessage?: WhatsAppMessageHandler; academyAddress?: (academyId: string, scheme: string) => Promise<string | undefined> }> = async (
  app,
  { db, keys, publicUrl, onWhatsAppMessage, academyAddress },
) => {
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
      // The handshake names no phone number: it is answered at the academy's own address only (issue 55).
      if (enteredAcademyId() === null) throw new AppError('FORBIDDEN');
      const config = await messagingConfig(db, keys);
      const query = request.query;
      const expected = config.whatsapp.verifyToken;
      const given = query['hub.verify_token'];
      if (query['hub.mode'] !== 'subscribe' || !expected || given === undefined || !sameToken(given, expected) || !query['hub.challenge']) throw new AppError('FORBIDDEN');
      return reply.type('text/plain').send(query['hub.challenge']);
    },
  );

  app.post('/webhooks/whatsapp', { schema: { tags, response: { 200: z.object({ success: z.literal(true) }) } } }, async (request) => {
    const raw = request.rawBody;
    const signature = request.headers['x-hub-signature-256'] as string | undefined;
    const academies = raw ? await whatsAppAcademies(db, raw) : [];
    // Every academy's own app secret checks the body before anything is done for any of them.
    for (const { academyId } of academies) {
      const appSecret = (await withAcademy(academyId, () => messagingConfig(db, keys))).whatsapp.appSecret;
      if (!appSecret || !raw || !isWhatsAppSignatureValid(appSecret, raw, signature)) throw new AppError('UNAUTHENTICATED', 'The signature does not match');
    }
    if (academies.length === 0 || !raw) throw new AppError('UNAUTHENTICATED', 'The signature does not match');
    const body = parseBody(raw, 'application/json');
    if (body === undefined) throw new AppError('BAD_REQUEST', 'The body is not valid JSON');
    const parsed = whatsAppBody.safeParse(body);
    if (!parsed.success) return { success: true as const }; // signed but not a shape we act on
    const changes = (parsed.data.entry ?? []).flatMap((entry) => entry.changes ?? []);
    const scheme = publicUrl ? new URL(publicUrl).protocol.replace(':', '') : request.protocol;
    for (const { academyId, only } of academies) {
      const origin = request.academyOrigin ?? (await academyAddress?.(academyId, scheme)) ?? siteOrigin(request, publicUrl);
      await withAcademy(academyId, () => handleWhatsAppChanges(db, changesFor(changes, only), onWhatsAppMessage, origin));
    }
    return { success: true as const };
  });

  app.post(
    '/webhooks/msg91',
    {
      schema: {
        tags,
        // `academy`: at the base domain, whose delivery reports these are (the address Settings shows says it); at an academy's own address, not needed.
        querystring: z.object({ token: z.string().max(100).optional(), academy: z.uuid().optional() }),
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => {
      const academyId = await msg91Academy(db, request.query.academy);
      if (!academyId) throw new AppError('UNAUTHENTICATED', 'The token does not match');
      return withAcademy(academyId, () => handleMsg91Report(db, keys, request));
    },
  );
};

/**
 * The academy of a delivery report (issue 55): the one at whose address it arrived (or the one academy);
 * at the base domain, the active academy its address names. Its own token is then checked inside it.
 */
async function msg91Academy(db: Db, named: string | undefined): Promise<string | undefined> {
  const entered = enteredAcademyId();
  if (entered !== null) return currentAcademyId();
  if (!named) return undefined;
  const { rows } = await db.execute<{ id: string }>(sql`select id from academies where id = ${named} and status = 'active'`);
  return rows[0]?.id;
}

async function handleMsg91Report(db: Db, keys: ServerKeys, request: { query: { token?: string }; rawBody?: Buffer; headers: Record<string, string | string[] | undefined> }) {
  if (!(await isMsg91WebhookToken(db, keys, request.query.token))) throw new AppError('UNAUTHENTICATED', 'The token does not match');
  const requests = request.rawBody ? msg91Requests(parseBody(request.rawBody, request.headers['content-type'] as string | undefined)) : undefined;
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
}

/** Statuses and parents' replies of one academy's numbers, inside that academy. */
async function handleWhatsAppChanges(db: Db, changes: WhatsAppChange[], onMessage: WhatsAppMessageHandler | undefined, origin: string) {
  for (const change of changes) {
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
      const stopOrStart = stop || isReplyWord(START_REPLIES, words);
      if (!stopOrStart && (!onMessage || !message.id)) continue;
      await db.transaction(async (tx) => {
        // A reply without an id (Meta always gives one) cannot be told from its replay: acted on each time.
        if (message.id && !(await firstDelivery(tx, `whatsapp:message:${message.id}`))) return;
        // The parent's record is the parents module's: it stops (or restarts) WhatsApp for them on this event.
        if (stopOrStart) await emitEvent(tx, { type: 'whatsapp.stop-or-start-replied', payload: { phone: `+${message.from}`, stopped: stop } });
        else await onMessage?.(tx, message, origin);
      });
    }
  }
}
