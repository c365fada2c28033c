import { z } from 'zod';
import { indianPhoneSchema, PHONE_MESSAGE } from './phone';
import type { NamesInLanguages } from '../academy-words';

/** Building blocks shared by the catalogue schemas (subjects, standards, teachers, students). */

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];
export const genderSchema = z.enum(GENDERS, { error: 'Gender must be male, female or other' });

/**
 * A student's school board and medium, as the admission form asks them (spec) and a student keeps them
 * (issue 39): stored as these English words. Media of instruction families name in Latur (Hindi and
 * Urdu schools too, issue 42).
 */
export const BOARDS = ['State Board', 'CBSE', 'ICSE', 'Other'] as const;
export type Board = (typeof BOARDS)[number];
export const MEDIUMS = ['English', 'Semi-English', 'Marathi', 'Hindi', 'Urdu'] as const;
export type Medium = (typeof MEDIUMS)[number];
export const BOARD_MESSAGE = `Board must be one of: ${BOARDS.join(', ')}`;
export const MEDIUM_MESSAGE = `Medium must be one of: ${MEDIUMS.join(', ')}`;

/** Every record's `_id`. A malformed id in an address answers 400 naming the parameter. */
export const idSchema = z.uuid({ error: 'Invalid id' });
export const idParamsSchema = z.object({ id: idSchema });

/** When the record was created or last changed, ISO 8601. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** A calendar date that exists, 'YYYY-MM-DD' (no time zone, never shifted). */
export const calendarDateSchema = z.iso.date({ error: 'Enter a date as YYYY-MM-DD' });

/**
 * An optional field of a form: absent stays absent (an update leaves it alone), while '' and null
 * both mean "clear it" and become null. The text is trimmed before `schema` checks it.
 */
export function optionalField<T extends z.ZodType<unknown, string>>(schema: T, typeError = 'Invalid value') {
  return z
    .string({ error: typeError })
    .trim()
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value))
    .pipe(schema.nullable().optional());
}

/** Free text of at most `max` characters; empty means none. */
export function optionalTextSchema(label: string, max: number) {
  return optionalField(z.string().max(max, `${label} must be at most ${max} characters`), `${label} must be text`);
}

/** An Indian mobile number when given ('+919822012345' once stored); never a made-up one. */
export const optionalPhoneSchema = optionalField(indianPhoneSchema, PHONE_MESSAGE);

export const optionalDateSchema = optionalField(calendarDateSchema, 'Enter a date as YYYY-MM-DD');

const AVATAR_MESSAGE = 'Enter a full image address starting with https://';
/** A picture's address: https only (nothing like javascript: or http: reaches a page), or null for none. */
export const avatarUrlSchema = optionalField(
  z.string().max(500, 'The image address is too long').pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: AVATAR_MESSAGE })),
  AVATAR_MESSAGE,
);

/** A person's name: one line, 1–120 characters. */
// eslint-disable-next-line no-control-regex
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;
export function requiredNameSchema(label = 'Name', max = 120) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .regex(ONE_LINE, `${label} must be on one line`);
}

/**
 * A standard's or subject's optional names in Marathi and Hindi (issue 42): `{ mr?, hi? }`, each one
 * line of at most `max` characters; an empty or missing one is none (English shows), so `{ mr: '' }`
 * is stored as `{}`.
 */
export function namesInLanguagesInputSchema(label: string, max: number) {
  const name = z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .regex(ONE_LINE, `${label} must be on one line`)
    .nullable()
    .optional();
  return z
    .object({ mr: name, hi: name }, { error: 'Send the names as an object with mr and hi' })
    .strict()
    .transform((names): NamesInLanguages => ({ ...(names.mr ? { mr: names.mr } : {}), ...(names.hi ? { hi: names.hi } : {}) }));
}
export const namesInLanguagesSchema = z.object({ mr: z.string().optional(), hi: z.string().optional() });

/** A list of record ids from a multi-select, each once. */
export function idListSchema(label: string) {
  return z
    .array(z.uuid({ error: `Choose ${label} from the list` }), { error: `${label[0]!.toUpperCase()}${label.slice(1)} must be a list` })
    .max(100, `Choose at most 100 ${label}`)
    .transform((ids) => [...new Set(ids)]);
}

/** A reference shown inside another record (spec section 8: references are populated as objects). */
export const subjectRefSchema = z.object({ _id: z.uuid(), name: z.string(), code: z.string() });
export type SubjectRef = z.infer<typeof subjectRefSchema>;
export const standardRefSchema = z.object({ _id: z.uuid(), name: z.string(), level: z.number().int() });
export type StandardRef = z.infer<typeof standardRefSchema>;
export const personRefSchema = z.object({ _id: z.uuid(), name: z.string() });
export type PersonRef = z.infer<typeof personRefSchema>;
export const namedRefSchema = z.object({ _id: z.uuid(), name: z.string() });

/** `?page=&limit=` of a paged list (an empty value takes the default); lists differ in their page sizes. */
export function pagedQuerySchema({ defaultLimit, maxLimit }: { defaultLimit: number; maxLimit: number }) {
  return z.object({
    page: optionalQueryValue(
      z.coerce.number<string>({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be 1 or more').max(100_000, 'Page is too large'),
    ).transform((page) => page ?? 1),
    limit: optionalQueryValue(
      z.coerce
        .number<string>({ error: 'Limit must be a number' })
        .int('Limit must be a whole number')
        .min(1, `Limit must be between 1 and ${maxLimit}`)
        .max(maxLimit, `Limit must be between 1 and ${maxLimit}`),
    ).transform((limit) => limit ?? defaultLimit),
  });
}

export const paginationQuerySchema = pagedQuerySchema({ defaultLimit: 20, maxLimit: 100 });

export const paginationSchema = z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() });
export type Pagination = z.infer<typeof paginationSchema>;

/** The page after this one, or undefined on the last page ("Load more" lists). */
export function nextPageOf(pagination: Pagination): number | undefined {
  return pagination.page * pagination.limit < pagination.total ? pagination.page + 1 : undefined;
}

/** A query-string value where an empty `?x=` means "not given". */
export function optionalQueryValue<T extends z.ZodType<unknown, string>>(schema: T) {
  return z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(schema.optional());
}
