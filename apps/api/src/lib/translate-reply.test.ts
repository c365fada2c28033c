import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as sharedMessages from '@academy/shared/messages';
import { SERVER_MESSAGES } from '@academy/shared/i18n/server-messages';
import { normalizedPatterns } from '@academy/shared/i18n/translate';
import { translateServerMessage } from '@academy/shared/i18n/server-text';
import { ourZodMessage } from '@academy/shared/zod-messages';
import { NOTE_MESSAGES } from '@academy/shared/schemas/notes';
import { BACKUP_MESSAGES } from '@academy/shared/schemas/backups';
import { ANNOUNCEMENT_MESSAGES } from '@academy/shared/schemas/announcements';
import { ATTENDANCE_MESSAGES } from '@academy/shared/schemas/attendance';
import { MESSAGING_MESSAGES } from '@academy/shared/schemas/messaging';
import { PARENT_MESSAGES } from '@academy/shared/schemas/parents';
import { QUESTION_BANK_MESSAGES } from '@academy/shared/schemas/question-bank';
import { LECTURE_MESSAGES } from '@academy/shared/schemas/lectures';
import { OMR_MESSAGES } from '@academy/shared/schemas/omr';
import { BATCH_MESSAGES } from '../modules/batches/batches.routes';
import { CONTACT_RECEIVED, ENQUIRY_RECEIVED, ENQUIRY_RECEIVED_BY_PHONE } from '../modules/admissions/admissions.routes';
import { PHONE_CODE_SENT, PHONE_VERIFIED } from '../modules/admissions/email-verification.routes';
import { AppError, ERROR_STATUS, type ErrorCode } from './app-error';
import { shareTestApp } from '../../test/shared-test-app';
import { buildUser, loginAs } from '../../test/factories';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** Every string value of a messages object (nested popups included). */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsOf);
  return [];
}

/**
 * The sentences in the source that reach a person through the API: AppError messages, zod schema
 * messages (`.min(n, '…')`, `error: '…'`, `message: '…'`), in apps/api/src and packages/shared/src.
 * Template literals count with each `${…}` as a value. Start-up configuration errors (read by the
 * operator in the console, never sent) and seed data are left out.
 */
function sourceMessages(): Map<string, string> {
  // Also the operator's own tools, in English like the CLI: the doctor's verdicts and the metrics' SQL.
  const skip = /(config|seed|cli|bundled-postgres|client|open-database|app-role|instance-lock|proof-crash|run-doctor|doctor-checks|metrics)\.ts$/;
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (full.endsWith('.ts') && !full.endsWith('.test.ts') && !skip.test(full) && !full.includes(`${path.sep}i18n${path.sep}`)) files.push(full);
    }
  };
  walk(path.join(ROOT, 'apps/api/src'));
  walk(path.join(ROOT, 'packages/shared/src'));
  const literal = String.raw`('(?:[^'\\\n]|\\.)*'|\`(?:[^\`\\]|\\.)*\`)`;
  const patterns = [
    new RegExp(String.raw`new AppError\(\s*'[A-Z_]+'\s*,\s*` + literal, 'g'),
    new RegExp(String.raw`\.(?:min|max|length|regex|refine|gte|lte|gt|lt|int|multipleOf)\([^'\`\n]*?,\s*` + literal, 'g'),
    new RegExp(String.raw`\b(?:error|message)\s*:\s*` + literal, 'g'),
    // Named sentences: const PHONE_MESSAGE = '…', ENQUIRY_RECEIVED = '…'.
    new RegExp(String.raw`\bconst [A-Z_]*(?:MESSAGE|RECEIVED)[A-Z_]* = ` + literal, 'g'),
  ];
  const found = new Map<string, string>();
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    for (const pattern of patterns) {
      for (const match of source.matchAll(pattern)) {
        const text = match[1]!.slice(1, -1);
        // A sentence, not a key or a variable: at least two words or a capital letter.
        const normalized = text.replace(/\$\{(?:[^{}]|\{[^{}]*\})*\}/g, '{}');
        if (!/[A-Za-z]/.test(normalized) || /^[a-z_]+$/.test(normalized)) continue;
        found.set(normalized, path.relative(ROOT, file));
      }
    }
  }
  return found;
}

describe('server messages in Marathi and Hindi', () => {
  const patterns = normalizedPatterns(SERVER_MESSAGES);

  it('every entry has a Marathi and a Hindi sentence with the same values', () => {
    for (const [en, mr, hi] of SERVER_MESSAGES) {
      const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      expect(mr.trim(), en).not.toBe('');
      expect(hi.trim(), en).not.toBe('');
      for (const translation of [mr, hi]) for (const name of names(translation)) expect(names(en), `${en} → ${translation}`).toContain(name);
    }
  });

  it('covers every message the API can send: message objects, AppError defaults, schemas, zod-messages', () => {
    const fixed = [
      ...stringsOf(sharedMessages),
      // The notification prefix is stored with the notification (data, written once for all readers).
      ...stringsOf({ NOTE_MESSAGES, BACKUP_MESSAGES, ANNOUNCEMENT_MESSAGES, ATTENDANCE_MESSAGES, BATCH_MESSAGES, MESSAGING_MESSAGES, PARENT_MESSAGES }),
      ...stringsOf({ QUESTION_BANK_MESSAGES, LECTURE_MESSAGES, OMR_MESSAGES }),
      ...(Object.keys(ERROR_STATUS) as ErrorCode[]).map((code) => new AppError(code).message),
      ENQUIRY_RECEIVED,
      ENQUIRY_RECEIVED_BY_PHONE,
      PHONE_CODE_SENT,
      PHONE_VERIFIED,
      CONTACT_RECEIVED,
    ].filter((text) => /[A-Za-z]{2}/.test(text) && !/^\d+$/.test(text));
    const untranslated = fixed.filter((text) => translateServerMessage(text, 'mr') === text || translateServerMessage(text, 'hi') === text);
    const missingInSource = [...sourceMessages()].filter(([text]) => !patterns.has(text) && translateServerMessage(text, 'mr') === text).map(([text, file]) => `${text}  (${file})`);
    const zodSamples = [
      { code: 'invalid_type', path: ['startTime'], input: undefined },
      { code: 'invalid_type', path: ['capacity'], input: 'x', expected: 'number' },
      { code: 'too_small', path: ['name'], origin: 'string', minimum: 2 },
      { code: 'too_big', path: ['days'], origin: 'array', maximum: 7 },
      { code: 'too_big', path: ['level'], origin: 'number', maximum: 12 },
      { code: 'invalid_format', path: ['email'], format: 'email' },
      { code: 'invalid_value', path: ['gender'], values: ['male', 'female'] },
      { code: 'unrecognized_keys', keys: ['role'] },
      { code: 'not_multiple_of', path: ['marks'], divisor: 0.5 },
      { code: 'custom', path: [] },
    ].map((issue) => ourZodMessage(issue));
    const zodUntranslated = zodSamples.filter((text) => translateServerMessage(text, 'hi') === text);
    expect({ untranslated, missingInSource, zodUntranslated }).toEqual({ untranslated: [], missingInSource: [], zodUntranslated: [] });
  });

  it('carries values over and translates field names inside sentences', () => {
    expect(translateServerMessage('Password must be at least 8 characters', 'mr')).toBe('पासवर्ड किमान 8 अक्षरांचा असावा');
    expect(translateServerMessage('Name is required', 'hi')).toBe('नाम आवश्यक है');
    expect(translateServerMessage(ourZodMessage({ code: 'invalid_type', path: ['startTime'], input: undefined }), 'mr')).toBe('सुरू होण्याची वेळ आवश्यक आहे');
    expect(translateServerMessage('A sentence we never wrote', 'mr')).toBe('A sentence we never wrote');
  });
});

describe('answers in the caller language', () => {
  const t = shareTestApp();

  it('answers a visitor in the language of the page, and a signed-in user in their own', async () => {
    const bad = { email: 'nobody@example.com', password: 'wrong-password' };
    const visitor = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'x-academy-language': 'mr' }, payload: bad });
    expect(visitor.json()).toEqual({ success: false, message: 'ईमेल किंवा पासवर्ड चुकीचा आहे' });
    const byBrowser = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' }, payload: { email: 'x' } });
    expect(byBrowser.json().errors).toEqual({ email: 'सही ईमेल पता लिखें', password: 'पासवर्ड आवश्यक है' });
    const english = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: bad });
    expect(english.json().message).toBe('Invalid email or password');

    const user = await buildUser(t.database.db);
    const cookie = await loginAs(t.app, user.email);
    await t.app.inject({ method: 'PUT', url: '/api/auth/language', headers: { cookie }, payload: { language: 'hi' } });
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, 'x-academy-language': 'mr' } });
    expect(logout.json()).toEqual({ success: true, message: 'आप सफलतापूर्वक लॉगआउट हो गए हैं' });
  });
});
