import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPRESSION } from './http-plugins';

describe('compression of answers (decision 113)', () => {
  afterEach(() => vi.restoreAllMocks());

  async function appAnswering(bytes: number) {
    const app = Fastify();
    await app.register(fastifyCompress, COMPRESSION);
    const rows = Array.from({ length: Math.ceil(bytes / 40) }, (_, n) => ({ id: n, name: `Student ${n}`, status: 'present' }));
    app.get('/answer', async () => ({ success: true, data: rows }));
    return app;
  }

  it('compresses an answer of tens of kB in one call, with its length, not through a zlib stream', async () => {
    const app = await appAnswering(40_000);
    const streams = [vi.spyOn(zlib, 'createGzip'), vi.spyOn(zlib, 'createBrotliCompress')];
    for (const [encoding, decode] of [['gzip', zlib.gunzipSync], ['br', zlib.brotliDecompressSync]] as const) {
      const response = await app.inject({ method: 'GET', url: '/answer', headers: { 'accept-encoding': encoding } });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      const body = decode(response.rawPayload).toString();
      expect(body.length).toBeGreaterThan(30_000);
      expect(JSON.parse(body).data).toHaveLength(1000);
    }
    for (const stream of streams) expect(stream).not.toHaveBeenCalled();
    await app.close();
  });

  it('streams an answer over 64 kB, and leaves one under 1 kB as it is', async () => {
    const big = await appAnswering(200_000);
    const gzipStream = vi.spyOn(zlib, 'createGzip');
    const response = await big.inject({ method: 'GET', url: '/answer', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipStream).toHaveBeenCalled();
    expect(JSON.parse(zlib.gunzipSync(response.rawPayload).toString()).data).toHaveLength(5000);
    await big.close();
    const small = await appAnswering(400);
    const plain = await small.inject({ method: 'GET', url: '/answer', headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    await small.close();
  });
});
