import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app';
import { TEST_SERVER_KEYS } from '../test/build-test-app';
import { shareTestApp } from '../test/shared-test-app';
import { buildUser, loginAs } from '../test/factories';

const t = shareTestApp();

describe('HTTP conventions', () => {
  it('answers a JSON 404 for an unknown API path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ success: false, message: 'Not found' });
  });

  it('sends security headers with a strict script policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // The lecture player's Media Source Extensions (decision 082): media from blob: addresses, nothing else outside.
    expect(response.headers['content-security-policy']).toContain("media-src 'self' blob:");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses state-changing requests sent from another site', async () => {
    const user = await buildUser(t.database.db);
    const cookie = await loginAs(t.app, user.email);
    const crossSite = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, origin: 'https://evil.example' } });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().message).toBe('Request refused: it did not come from this site');
    const crossReferer = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, referer: 'https://evil.example/page' } });
    expect(crossReferer.statusCode).toBe(403);
    // The session survived both attempts.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
    const sameSite = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80' } });
    expect(sameSite.statusCode).toBe(200);
  });

  it('serves the web app for client routes and its files, but never for /api', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Academy</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // A big asset with the build's precompressed copies beside it (apps/web/scripts/precompress.mjs).
    const big = `console.log(${JSON.stringify('x'.repeat(5000))});`;
    const bigBr = zlib.brotliCompressSync(big);
    fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js'), big);
    fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js.br'), bigBr);
    fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js.gz'), zlib.gzipSync(big));
    const app = await buildApp({ db: t.database.db, config: { isProduction: false, publicUrl: undefined, trustProxy: false }, mailer: t.mailer, keys: TEST_SERVER_KEYS, backups: { backupsDir: t.backupsDir, filesDir: t.filesDir }, storage: t.storage, webDistFolder: dist });

    const page = await app.inject({ method: 'GET', url: '/app/student/notes' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Academy</title>');
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const brotli = await app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotli.rawPayload.equals(bigBr)).toBe(true);
    const gzip = await app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(big);
    const plain = await app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(big);
    expect((await app.inject({ method: 'GET', url: '/api/nope' })).statusCode).toBe(404);
    // Prometheus' /metrics (issue 52) is its own route: refused as JSON, never the web app's page.
    const metrics = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(metrics.statusCode).toBe(404);
    expect(metrics.json()).toEqual({ success: false, message: 'Not found' });
    expect(asset.statusCode).toBe(200);
    const counted = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    // Each built file is a route of its own: one label for all of them, and the pages as `unmatched`.
    expect(counted).toMatch(/academy_http_requests_total\{method="GET",route="\/assets\/\*",status_code="200"\} [1-9]/);
    expect(counted).toMatch(/academy_http_requests_total\{method="GET",route="unmatched",status_code="200"\} [1-9]/);
    expect(counted).not.toContain('app-abc123');

    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/auth/login');
    // A query option says what it does (issue 42: how a late joiner's fee plan applies).
    const enrol = response.json().paths['/api/batches/{id}/students/{studentId}/add'].put.parameters;
    const lateJoin = enrol.find((parameter: { name: string }) => parameter.name === 'lateJoin');
    expect(lateJoin.description).toContain('"shift" (default)');
    expect(lateJoin.description).toContain('"prorate"');
  });
});
