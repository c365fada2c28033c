import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSourceTree, sourceTreeOf } from '../source-tree';
import { checkSizes, functionsOf, MAX_FUNCTION_LINES, MAX_SERVICE_LINES } from './sizes';

const lines = (count: number, line = 'x += 1;') => Array.from({ length: count }, () => line).join('\n');
/** A function of exactly `count` lines, its first and last included. */
const fn = (head: string, count: number) => `${head} {\n${lines(count - 2)}\n}`;

// A copy of a small tree on disk, read the way `npm run check:architecture` reads the real one.
const repository = fs.mkdtempSync(path.join(os.tmpdir(), 'sizes-rule-'));
afterAll(() => fs.rmSync(repository, { recursive: true, force: true }));
function plant(files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.join(repository, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(repository, file), text);
  }
  return { api: readSourceTree('apps/api/src', repository), web: readSourceTree('apps/web/src', repository) };
}
const found = (violations: { file: string; message: string }[]) => violations.map((violation) => `${violation.file} ${violation.message.split(':')[0]}`).sort();

describe('sizes', () => {
  const { api, web } = plant({
    'apps/api/src/modules/fees/fine.service.ts': `${fn('export function short()', MAX_FUNCTION_LINES)}\n${lines(MAX_SERVICE_LINES - MAX_FUNCTION_LINES)}\n`,
    'apps/api/src/modules/fees/fees.service.ts': lines(MAX_SERVICE_LINES + 1),
    'apps/api/src/modules/fees/fees.service.test.ts': lines(MAX_SERVICE_LINES * 2),
    'apps/api/src/lib/pdf-tables.ts': lines(MAX_SERVICE_LINES * 2),
    'apps/api/src/modules/family-outbox/family-outbox.ts': `export const sender = {\n${fn('  send()', MAX_FUNCTION_LINES + 1)},\n};\n${lines(MAX_SERVICE_LINES)}`,
    'apps/api/src/app.ts': `${fn('export async function buildApp()', MAX_FUNCTION_LINES + 5)}\n${fn('class Runner { run()', MAX_FUNCTION_LINES + 1)}\n}`,
    'apps/web/src/features/a/form.tsx': `export const Form = () => (\n  <div>\n${lines(MAX_FUNCTION_LINES - 1, '    <p>x</p>')}\n  </div>\n);\n${fn("app.get('/api/x', async () =>", MAX_FUNCTION_LINES + 1)}`,
  });

  it('reports each over-long service and function planted in a copy of the tree, and nothing within the limits', () => {
    expect(found(checkSizes([api, web], {}, {}))).toEqual([
      'apps/api/src/app.ts:1 function buildApp has 105 lines, at most 100',
      'apps/api/src/app.ts:106 function Runner.run has 101 lines, at most 100',
      'apps/api/src/modules/family-outbox/family-outbox.ts a service of 503 lines, at most 400',
      'apps/api/src/modules/family-outbox/family-outbox.ts:2 function send has 101 lines, at most 100',
      'apps/api/src/modules/fees/fees.service.ts a service of 401 lines, at most 400',
      'apps/web/src/features/a/form.tsx:1 function Form has 103 lines, at most 100',
      "apps/web/src/features/a/form.tsx:104 function app.get('/api/x') has 101 lines, at most 100",
    ]);
  });

  it('lets a listed one stay as long as it was, and reports it when it grows, when it is done, and when it is gone', () => {
    const services = { 'apps/api/src/modules/fees/fees.service.ts': 401, 'apps/api/src/modules/fees/fine.service.ts': 450, 'apps/api/src/modules/gone/gone.service.ts': 500 };
    const functions = { 'apps/api/src/app.ts#buildApp': 104, 'apps/api/src/app.ts#Runner.run': 101, 'apps/web/src/features/a/form.tsx#Form': 120, "apps/web/src/features/a/form.tsx#app.get('/api/x')": 101 };
    expect(found(checkSizes([api, web], services, functions))).toEqual([
      'apps/api/src/app.ts:1 listed long function buildApp grew from 104 to 105 lines',
      'apps/api/src/modules/family-outbox/family-outbox.ts a service of 503 lines, at most 400',
      'apps/api/src/modules/family-outbox/family-outbox.ts:2 function send has 101 lines, at most 100',
      'apps/api/src/modules/fees/fine.service.ts 400 lines now, within 400',
      'apps/api/src/modules/gone/gone.service.ts listed in LONG_SERVICES but no such service',
    ]);
  });

  it('names a function by where it sits: its class, the functions around it, what an unnamed one is handed to', () => {
    const text = "class Outbox { send() { const wait = () => 1; } }\nexport default function () {}\nroutes.post('/api/pay', async () => { [1].map((n) => n); });\nconst o = { quiet() {} };";
    expect(functionsOf({ path: 'apps/api/src/x.ts', text }).map((measured) => measured.name)).toEqual([
      'Outbox.send',
      'Outbox.send/wait',
      'function',
      "routes.post('/api/pay')",
      "routes.post('/api/pay')/[1].map()",
      'quiet',
    ]);
  });

  it('reads the real tree as a service only under modules/ or named *.service.ts', () => {
    const tree = sourceTreeOf('apps/web/src', { 'apps/web/src/lib/a.service.ts': lines(MAX_SERVICE_LINES + 1), 'apps/web/src/lib/b.ts': lines(MAX_SERVICE_LINES + 1) });
    expect(found(checkSizes([tree], {}, {}))).toEqual(['apps/web/src/lib/a.service.ts a service of 401 lines, at most 400']);
  });
});
