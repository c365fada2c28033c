import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BATCH_SCHEDULE_REQUIRED, batchInputSchema } from './schemas/batches';
import { fieldLabel, installOurZodMessages, ourZodMessage } from './zod-messages';

installOurZodMessages();

// zod's own wording (v4): none of it may reach a person.
const ZOD_DEFAULT = /Invalid input|expected .+, received|^Invalid (option|string|email|UUID|element|key|date|url)|^Too (small|big)|^Unrecognized key|^Invalid$/;

/** Every message a schema can give for some bad inputs: wrong types everywhere, and nothing at all. */
function messagesFor(schema: z.ZodType): string[] {
  const wrong: unknown[] = [undefined, null, 12345, -1, 1.5, 'x', '', 'x'.repeat(5000), true, [], [1], {}, { unknownField: 1 }];
  const shape = (schema as { shape?: Record<string, unknown> }).shape ?? (schema as { def?: { in?: { shape?: Record<string, unknown> } } }).def?.in?.shape;
  if (shape) {
    for (const filler of [12345, 'x', null, {}, [], true]) wrong.push(Object.fromEntries(Object.keys(shape).map((key) => [key, filler])));
    wrong.push(Object.fromEntries(Object.keys(shape).map((key) => [key, { nested: [1] }])));
  }
  const messages: string[] = [];
  for (const input of wrong) {
    const result = schema.safeParse(input);
    if (!result.success) messages.push(...result.error.issues.map((issue) => issue.message));
  }
  return messages;
}

describe('our own messages for zod issues', () => {
  it('words every issue a schema did not word itself', () => {
    expect(ourZodMessage({ code: 'invalid_type', path: ['schedule'], input: undefined, expected: 'object' })).toBe('Schedule is required');
    expect(ourZodMessage({ code: 'invalid_type', path: ['records', 0, 'startTime'], input: 5, expected: 'string' })).toBe('Start time must be text');
    expect(ourZodMessage({ code: 'too_small', path: ['name'], origin: 'string', minimum: 2 })).toBe('Name must be at least 2 characters');
    expect(ourZodMessage({ code: 'invalid_format', path: ['email'], format: 'email' })).toBe('Email is not a valid email address');
    expect(ourZodMessage({ code: 'invalid_value', path: ['status'], values: ['a', 'b'] })).toBe('Status must be one of: a, b');
    expect(ourZodMessage({ code: 'something_new' })).toBe('This field is not valid');
    expect(fieldLabel(['parent_phone'])).toBe('Parent phone');
  });

  it('answers a batch without a schedule with our sentence', () => {
    const result = batchInputSchema.safeParse({ name: 'Maths', standard: crypto.randomUUID(), subject: crypto.randomUUID(), teacher: crypto.randomUUID(), startDate: '2026-06-01', endDate: '2026-07-01', capacity: 10 });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['schedule', BATCH_SCHEDULE_REQUIRED]]);
  });

  it('lets no zod default text out of any shared schema', async () => {
    const folder = path.join(import.meta.dirname, 'schemas');
    const offenders: string[] = [];
    let checked = 0;
    for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
      const module = (await import(/* @vite-ignore */ `./schemas/${file}`)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        if (!(value instanceof z.ZodType)) continue;
        checked += 1;
        for (const message of messagesFor(value)) if (ZOD_DEFAULT.test(message)) offenders.push(`${file} ${name}: ${message}`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect([...new Set(offenders)]).toEqual([]);
    // It loads every schema file first: 3 s alone, past Vitest's 5 s beside the API tests on 2 cores.
  }, 30_000);
});
