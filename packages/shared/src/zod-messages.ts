import { z } from 'zod';

/**
 * Our own sentence for a zod issue whose schema gave none: no zod default text ("Invalid input:
 * expected object, received undefined") ever reaches a person. Schemas that name their message keep
 * it (zod prefers the schema's own); everything else is worded here from the field's name.
 * `installOurZodMessages()` installs it once per process (the API's app.ts, the web app's main.tsx).
 */
export function ourZodMessage(issue: { code?: string; path?: PropertyKey[]; input?: unknown; [key: string]: unknown }): string {
  const field = fieldLabel(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return `${field} is required`;
      return `${field} must be ${TYPE_WORDS[String(issue.expected)] ?? 'of another kind'}`;
    case 'too_small':
      return sizeMessage(field, 'at least', issue);
    case 'too_big':
      return sizeMessage(field, 'at most', issue);
    case 'invalid_format':
      return `${field} is not ${FORMAT_WORDS[String(issue.format)] ?? 'in the expected format'}`;
    case 'invalid_value': {
      const values = Array.isArray(issue.values) ? issue.values.map(String) : [];
      return values.length > 0 && values.length <= 8 ? `${field} must be one of: ${values.join(', ')}` : `${field} is not one of the choices`;
    }
    case 'unrecognized_keys': {
      const keys = Array.isArray(issue.keys) ? issue.keys.map(String) : [];
      return keys.length === 1 ? `${keys[0]} is not a field of this form` : `These are not fields of this form: ${keys.join(', ')}`;
    }
    case 'not_multiple_of':
      return `${field} must be a multiple of ${String(issue.divisor)}`;
    default:
      return `${field} is not valid`;
  }
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  object: 'a group of fields',
  array: 'a list',
  date: 'a date',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'a valid email address',
  uuid: 'a valid id',
  guid: 'a valid id',
  url: 'a valid web address',
  date: 'a date (YYYY-MM-DD)',
  time: 'a time (HH:MM)',
  datetime: 'a date and time',
  regex: 'in the expected format',
  starts_with: 'in the expected format',
  ends_with: 'in the expected format',
  includes: 'in the expected format',
};

function sizeMessage(field: string, bound: 'at least' | 'at most', issue: Record<string, unknown>): string {
  const limit = String(bound === 'at least' ? issue.minimum : issue.maximum);
  if (issue.origin === 'string') return `${field} must be ${bound} ${limit} characters`;
  if (issue.origin === 'array' || issue.origin === 'set') return `${field} must have ${bound} ${limit} ${limit === '1' ? 'item' : 'items'}`;
  return `${field} must be ${bound} ${limit}`;
}

/** "schedule.days.0" → "Days"; "startTime" → "Start time"; the whole body → "This field". */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const name = [...path].reverse().find((part) => typeof part === 'string');
  if (typeof name !== 'string' || name === '') return 'This field';
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Installs ourZodMessage as zod's message for every issue a schema did not word itself. */
export function installOurZodMessages(): void {
  z.config({ customError: (issue) => ourZodMessage(issue as Parameters<typeof ourZodMessage>[0]) });
}
