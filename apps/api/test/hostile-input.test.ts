import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../src/access/http';
import { MESSAGES } from '@academy/shared/messages';
import { buildTestApp, type TestApp } from './build-test-app';
import { buildUser, loginAs } from './factories';
import { buildSimplePdf } from '../src/lib/simple-pdf';
import { multipart } from './multipart';
import { zipBomb } from './zip-bomb';
import { onCitus } from './citus-cluster';

// Issue 53 point 10: a NUL (U+0000) never reaches PostgreSQL; it is refused once, for every route.

let t: TestApp;
let admin: string;
const UNKNOWN = '5b0e3f0a-6a52-4b8e-9c1f-1d2e3f4a5b6c';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t.app, (await buildUser(t.database.db, { role: 'admin' })).email);
});
afterAll(() => t.close());

describe('a NUL in a request answers 400, never 500', () => {
  it('the bank statement mapping with a NUL in a column name', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/fees/bank-statements/mapping', headers: { cookie: admin }, payload: { date: 'Txn\u0000Date', narration: 'Particulars', reference: null, credit: 'Deposits' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: MESSAGES.nulCharacter, errors: { date: MESSAGES.nulCharacter } });
  });

  it.each(['/api/students', '/api/parents'])('%s searched with a NUL', async (url) => {
    const response = await t.app.inject({ method: 'GET', url: `${url}?search=ab%00cd`, headers: { cookie: admin } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: MESSAGES.nulCharacter, errors: { search: MESSAGES.nulCharacter } });
  });

  it('in the caller’s language', async () => {
    const visitor = await t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', headers: { 'x-academy-language': 'mr' }, payload: { email: 'a\u0000@example.com' } });
    expect(visitor.statusCode).toBe(400);
    expect(visitor.json().message).not.toBe(MESSAGES.nulCharacter);
    expect(visitor.json().message).toMatch(/अक्षर/);
  });

  it('nested deep in a body, and in an object key', async () => {
    const nested = await t.app.inject({ method: 'PUT', url: '/api/fees/bank-statements/mapping', headers: { cookie: admin }, payload: { date: 'a', narration: 'b', reference: null, credit: 'c', extra: { list: ['ok', 'n\u0000'] } } });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().errors).toEqual({ 'extra.list.1': MESSAGES.nulCharacter });
    const key = await t.app.inject({ method: 'PUT', url: '/api/fees/bank-statements/mapping', headers: { cookie: admin }, payload: { date: 'a', narration: 'b', reference: null, credit: 'c', 'x\u0000': 1 } });
    expect(key.statusCode).toBe(400);
  });

  it('in a multipart form field (a note’s title)', async () => {
    const body = multipart({ title: 'Notes\u0000', isPublic: 'true', file: { filename: 'n.pdf', content: buildSimplePdf([{ heading: 'Notes', lines: [] }]) } });
    const response = await t.app.inject({ method: 'POST', url: '/api/notes', headers: { cookie: admin, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.nulCharacter);
  });

  it('every route refuses a NUL in its query, its body and its address, before anything else runs', async () => {
    const failures: string[] = [];
    // Signing out last: were it not refused, it would end the session the others use.
    for (const key of [...registeredRoutes].sort((a, b) => Number(a.endsWith('/logout')) - Number(b.endsWith('/logout')) || a.localeCompare(b))) {
      const [method, path] = key.split(' ') as [string, string];
      const url = path.replace(/:[A-Za-z]+/g, UNKNOWN);
      const withBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
      const response = await t.app.inject({
        method: method as 'GET',
        url: `${url}?q=x%00y`,
        headers: { cookie: admin },
        ...(withBody ? { payload: { name: 'x\u0000y' } } : {}),
      });
      if (response.statusCode !== 400 || response.json().message !== MESSAGES.nulCharacter) failures.push(`${key}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      if (path.includes(':')) {
        const inAddress = await t.app.inject({ method: method as 'GET', url: path.replace(/:[A-Za-z]+/g, 'a%00b'), headers: { cookie: admin }, ...(withBody ? { payload: {} } : {}) });
        if (inAddress.statusCode !== 400) failures.push(`${key} (address): ${inAddress.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    // Every route once or twice, each with its session look-up: on Citus a transaction of its own each (decision 053).
  }, onCitus() ? 180_000 : undefined);
});

describe('a spreadsheet that unpacks to gigabytes (issue 53 point 2)', () => {
  it('a 1 MB .xlsx holding a 1,000 MiB entry answers 400 at once and the server stays small', async () => {
    const bomb = await zipBomb(1000);
    const body = multipart({ file: { filename: 'questions.xlsx', content: bomb, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const response = await t.app.inject({ method: 'POST', url: '/api/questions/import?dryRun=true', headers: { cookie: admin, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.file).toBe(MESSAGES.spreadsheetTooLarge);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((process.memoryUsage().rss - before) / 1024 / 1024).toBeLessThan(200);
  }, 60_000);
});
