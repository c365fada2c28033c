import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoot } from '../src/paths';
import { buildTestApp, type TestApp } from './build-test-app';

/**
 * `npm run academy -- doctor` (issue 52): the route it probes, and the CLI run end to end against a
 * bad configuration. The verdicts themselves are unit-tested in src/doctor/doctor-checks.test.ts.
 */
describe('GET /api/health/peer: how the caller’s own request arrived', () => {
  let behindProxy: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    behindProxy = await buildTestApp({ config: { trustProxy: ['127.0.0.1'] } });
    direct = await buildTestApp();
  });
  afterAll(async () => {
    await behindProxy.close();
    await direct.close();
  });

  it('through a trusted proxy: the forwarded client is the address counted', async () => {
    const response = await behindProxy.app.inject({ method: 'GET', url: '/api/health/peer', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.4', 'x-forwarded-proto': 'https' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      success: true,
      data: { peer: '127.0.0.1', forwardedFor: '198.51.100.4', forwardedProto: 'https', forwardingTrusted: true, clientIp: '198.51.100.4', protocol: 'https' },
    });
  });

  it('from an address not in TRUST_PROXY, or with TRUST_PROXY=false: the header is ignored', async () => {
    const stranger = await behindProxy.app.inject({ method: 'GET', url: '/api/health/peer', remoteAddress: '192.0.2.9', headers: { 'x-forwarded-for': '198.51.100.4' } });
    expect(stranger.json().data).toMatchObject({ peer: '192.0.2.9', forwardedFor: '198.51.100.4', forwardingTrusted: false, clientIp: '192.0.2.9', protocol: 'http' });
    const untrusting = await direct.app.inject({ method: 'GET', url: '/api/health/peer', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.4' } });
    expect(untrusting.json().data).toMatchObject({ peer: '127.0.0.1', forwardingTrusted: false, clientIp: '127.0.0.1' });
  });
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The CLI as an operator runs it, without blocking this process (whose test app it probes). */
function doctor(env: Record<string, string>, ...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'doctor', ...args], { cwd: apiRoot, env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('npm run academy -- doctor, end to end', () => {
  let server: TestApp;
  let serverUrl: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-doctor-'));
  beforeAll(async () => {
    // A server whose TRUST_PROXY names a proxy that is not there: the doctor reaches it directly.
    server = await buildTestApp({ config: { trustProxy: ['10.9.9.9'] } });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    serverUrl = `http://127.0.0.1:${(server.app.server.address() as net.AddressInfo).port}`;
    fs.chmodSync(dataDir, 0o777);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits non-zero and names each problem of a bad configuration, with what to do', async () => {
    const nowhere = await closedPort();
    const { code, output } = await doctor(
      {
        NODE_ENV: 'development',
        APP_SECRET: 'change-me-change-me-change-me-change-me',
        PUBLIC_URL: 'http://academy.example.in/academy',
        SMTP_URL: `smtp://127.0.0.1:${nowhere}`,
        TRUST_PROXY: '10.9.9.9',
        DATA_DIR: dataDir,
      },
      '--url',
      serverUrl,
    );
    const lines = output.trim().split('\n');
    expect(code, output).toBe(1);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^✗ NODE_ENV: is development: .* → set NODE_ENV=production$/),
        expect.stringMatching(/^✗ APP_SECRET: is an example value, not a secret → generate one with `openssl rand -hex 32`/),
        expect.stringMatching(/^✗ PUBLIC_URL: http:\/\/academy.example.in\/academy is not https/),
        `✓ PUBLIC_URL answers: ${serverUrl} answers`,
        expect.stringMatching(new RegExp(`^✗ TRUST_PROXY: requests reach the server directly from 127\\.0\\.0\\.1, not through a proxy, yet TRUST_PROXY=10\\.9\\.9\\.9: .* → set TRUST_PROXY=false`)),
        expect.stringMatching(new RegExp(`^✗ SMTP_URL: 127\\.0\\.0\\.1:${nowhere} did not accept us: connect ECONNREFUSED`)),
        expect.stringMatching(/^✗ MAIL_FROM: no-reply@localhost is not at a real domain → set MAIL_FROM/),
        expect.stringMatching(new RegExp(`^✗ DATA_DIR: ${dataDir} has mode 0777: other users of this machine can write it → chmod o-rw`)),
        expect.stringMatching(/^✓ disk space: /),
        expect.stringMatching(/^✗ last backup: there is no backup yet → make one now: npm run academy -- backup:create/),
        expect.stringMatching(/^✗ database: the bundled PostgreSQL: no Academy server is running on .*\(the doctor does not start the bundled PostgreSQL/),
        expect.stringMatching(/^✓ clock: agrees with the site \(HTTP Date\)/),
      ]),
    );
    expect(lines.at(-1)).toBe('9 problems: NODE_ENV, APP_SECRET, PUBLIC_URL, TRUST_PROXY, SMTP_URL, MAIL_FROM, DATA_DIR, last backup, database (1 warning).');
    // Read-only: it did not start the bundled PostgreSQL nor take DATA_DIR.
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 60_000);

  it('reports what the server would refuse to start with', async () => {
    const { code, output } = await doctor({ NODE_ENV: 'production', APP_SECRET: 'short', DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(output).toContain('✗ configuration: APP_SECRET: APP_SECRET must be at least 32 characters long');
    expect(output).toContain('The server would not start with this configuration.');
    // Valid values, but missing what production requires: each named once.
    const missing = await doctor({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('✗ configuration: PUBLIC_URL is required in production');
    expect(missing.output).toContain('✗ configuration: SMTP_URL is required in production');
    expect(missing.output).not.toMatch(/^✗ PUBLIC_URL: is not set/m);
  }, 60_000);

  it('names every problem in one run, a setting the server refuses included (issue 71)', async () => {
    const nowhere = await closedPort();
    const { code, output } = await doctor({ NODE_ENV: 'production', APP_SECRET: 'short', PUBLIC_URL: 'http://academy.example.in', SMTP_URL: `smtp://127.0.0.1:${nowhere}`, DATA_DIR: dataDir });
    expect(code).toBe(1);
    const lines = output.trim().split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        '✗ configuration: APP_SECRET: APP_SECRET must be at least 32 characters long',
        expect.stringMatching(/^✗ PUBLIC_URL: http:\/\/academy.example.in is not https/),
        expect.stringMatching(new RegExp(`^✗ SMTP_URL: 127\\.0\\.0\\.1:${nowhere} did not accept us`)),
      ]),
    );
    // The refused APP_SECRET is named once, by what is wrong with it, not also as "not set".
    expect(output).not.toMatch(/^✗ APP_SECRET/m);
    expect(lines.at(-2)).toMatch(/^\d+ problems: configuration, PUBLIC_URL, /);
  }, 60_000);
});
