import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isKeptAnswer } from './read-cache';

/**
 * A kept answer (lib/read-cache.ts) is one object shared by every request for it until it is
 * forgotten, so its JSON and its compressed bytes are the same each time: they are kept beside it
 * (in a WeakMap, gone with it). A repeated read then costs neither the serialiser nor the compressor:
 * at 150 batches the list is 102 KB of JSON, about 3 ms of CPU to write and gzip on every request.
 *
 * Only `{ success: true, data: <kept answer> }` of a GET is kept, per route and status (each has its
 * own serialiser). Compression negotiates exactly as @fastify/compress (same encodings, same order,
 * same options) and leaves anything else (deflate, identity, small answers) to it.
 */
type Written = { json: string; compressed: Map<Encoding, Buffer> };
type Encoding = 'br' | 'gzip';

const ENCODINGS = ['br', 'gzip', 'deflate', 'identity'];
/** @fastify/compress: its threshold in app.ts, its brotli quality and gzip defaults. */
const COMPRESS_THRESHOLD = 1024;
const compress: Record<Encoding, (json: string) => Buffer> = {
  br: (json) => zlib.brotliCompressSync(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (json) => zlib.gzipSync(json),
};

const writtenAnswers = new WeakMap<object, Map<string, Written>>();
const writtenOfRequest = new WeakMap<FastifyRequest, Written>();

function keptData(request: FastifyRequest, payload: unknown): object | undefined {
  if (request.method !== 'GET' || typeof payload !== 'object' || payload === null) return undefined;
  const { success, data, ...rest } = payload as { success?: unknown; data?: unknown };
  if (success !== true || Object.keys(rest).length > 0 || !isKeptAnswer(data)) return undefined;
  return data;
}

function negotiated(request: FastifyRequest): Encoding | undefined {
  const header = request.headers['accept-encoding'];
  if (!header) return undefined;
  const encoding = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), ENCODINGS);
  return encoding === 'br' || encoding === 'gzip' ? encoding : undefined;
}

function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const values = vary === undefined ? [] : String(vary).split(',').map((value) => value.trim());
  if (!values.some((value) => value.toLowerCase() === 'accept-encoding' || value === '*')) reply.header('vary', [...values, 'Accept-Encoding'].join(', '));
}

/**
 * `text` compressed as the request accepts (as @fastify/compress would), with the reply's headers
 * set. For answers that no route sends (the not-found handler's pages): the plugin adds its hook to
 * routes only.
 */
export function compressedBody(request: FastifyRequest, reply: FastifyReply, text: string): string | Buffer {
  const encoding = Buffer.byteLength(text) < COMPRESS_THRESHOLD ? undefined : negotiated(request);
  varyOnEncoding(reply);
  if (!encoding) return text;
  const bytes = compress[encoding](text);
  reply.header('content-encoding', encoding);
  reply.header('content-length', bytes.length);
  return bytes;
}

/** Registered before @fastify/compress: its onSend runs after this one's. */
export function registerKeptResponses(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    const data = keptData(request, payload);
    if (!data) return payload;
    const route = `${request.routeOptions.url} ${reply.statusCode}`;
    let ofData = writtenAnswers.get(data);
    if (!ofData) writtenAnswers.set(data, (ofData = new Map()));
    let written = ofData.get(route);
    if (!written) {
      written = { json: String(reply.serialize(payload)), compressed: new Map() };
      ofData.set(route, written);
    }
    const { json } = written;
    reply.serializer(() => json);
    writtenOfRequest.set(request, written);
    return payload;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const written = writtenOfRequest.get(request);
    if (!written || payload !== written.json || Buffer.byteLength(written.json) < COMPRESS_THRESHOLD || reply.getHeader('content-encoding')) return payload;
    const encoding = negotiated(request);
    if (!encoding) return payload;
    let bytes = written.compressed.get(encoding);
    if (!bytes) written.compressed.set(encoding, (bytes = compress[encoding](written.json)));
    varyOnEncoding(reply);
    reply.header('content-encoding', encoding);
    reply.header('content-length', bytes.length);
    return bytes;
  });
}
