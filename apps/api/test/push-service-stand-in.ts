import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of a browser's push service (tests only): it takes a Web Push request (RFC 8030)
 * only when it is one: a `TTL` header, `Content-Encoding: aes128gcm`, and `Authorization: vapid t=…, k=…`
 * whose JWT is signed by that key (ES256) for this origin (`aud`). It also holds the "browser's" keys,
 * so it decrypts what it received (RFC 8291) and the test reads the message as the phone would.
 * `statusFor` chooses the answer per path (201 by default; 410: the subscription is gone).
 */
export type ReceivedPush = { path: string; ttl: string; urgency: string | undefined; aud: string; sub: string; vapidPublicKey: string; payload: unknown };

export type PushServiceStandIn = {
  origin: string;
  host: string;
  received: ReceivedPush[];
  /** Requests refused as not being valid Web Push requests, with the reason. */
  refused: string[];
  statusFor: Map<string, number>;
  /** A browser's subscription to this stand-in at `path`: its keys are kept to decrypt. */
  subscription(path: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  close(): Promise<void>;
};

export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const statusFor = new Map<string, number>();
  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  let origin = '';

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const refuse = (reason: string) => {
        refused.push(reason);
        response.statusCode = 400;
        response.end(reason);
      };
      if (request.method !== 'POST') return refuse(`method ${request.method}`);
      const ttl = request.headers.ttl;
      if (typeof ttl !== 'string' || !/^\d+$/.test(ttl)) return refuse('no TTL header');
      if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(`content-encoding ${request.headers['content-encoding']}`);
      const authorization = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(request.headers.authorization ?? '');
      if (!authorization) return refuse(`authorization ${request.headers.authorization}`);
      const [, jwt, key] = authorization as unknown as [string, string, string];
      const claims = verifiedJwt(jwt, key);
      if (!claims) return refuse('JWT not signed by the key in k=');
      if (claims.aud !== origin) return refuse(`aud ${claims.aud}, expected ${origin}`);
      if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) return refuse('JWT expired');
      const browser = browsers.get(path);
      if (!browser) return refuse(`no subscription at ${path}`);
      let payload: unknown;
      try {
        payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), browser.ecdh, browser.auth).toString('utf8'));
      } catch (error) {
        return refuse(`payload not decrypted: ${(error as Error).message}`);
      }
      received.push({ path, ttl, urgency: request.headers.urgency as string | undefined, aud: String(claims.aud), sub: String(claims.sub), vapidPublicKey: key, payload });
      response.statusCode = statusFor.get(path) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    host: `127.0.0.1:${port}`,
    received,
    refused,
    statusFor,
    subscription(path) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(path, { ecdh, auth });
      return { endpoint: `${origin}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The JWT's claims when it is an ES256 token signed by the uncompressed P-256 key `key`; else undefined. */
function verifiedJwt(jwt: string, key: string): Record<string, unknown> | undefined {
  const [header, body, signature] = jwt.split('.');
  if (!header || !body || !signature) return undefined;
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return undefined;
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  const ok = verify('sha256', Buffer.from(`${header}.${body}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok || (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string }).alg !== 'ES256') return undefined;
  return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** RFC 8291 / RFC 8188 decryption of a single-record aes128gcm body, as the browser does it. */
function decryptAes128gcm(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}
