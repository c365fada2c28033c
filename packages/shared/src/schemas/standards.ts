import { z } from 'zod';
import { idListSchema, idSchema, isoDateTimeSchema, namesInLanguagesInputSchema, namesInLanguagesSchema, optionalQueryValue, requiredNameSchema, subjectRefSchema } from './common';

export const STANDARD_LEVEL_MIN = 0;
export const STANDARD_LEVEL_MAX = 99;

/** A level typed into a form may arrive as "10": it is compared and stored as the number 10. */
export const standardLevelSchema = z
  .union([z.number(), z.string().trim().min(1).transform(Number)], { error: 'Level is required' })
  .pipe(
    z
      .number({ error: 'Level must be a number' })
      .int('Level must be a whole number')
      .min(STANDARD_LEVEL_MIN, `Level must be between ${STANDARD_LEVEL_MIN} and ${STANDARD_LEVEL_MAX}`)
      .max(STANDARD_LEVEL_MAX, `Level must be between ${STANDARD_LEVEL_MIN} and ${STANDARD_LEVEL_MAX}`),
  );

/** POST /api/standards and PUT /api/standards/{id}. `subjects` holds subject ids. */
export const standardInputSchema = z.object(
  {
    name: requiredNameSchema('Name', 80),
    level: standardLevelSchema,
    subjects: idListSchema('subjects').default([]),
    /** Optional names in Marathi and Hindi (issue 42); left out: unchanged on an edit, none on a new one. */
    names: namesInLanguagesInputSchema('Name', 80).optional(),
  },
  { error: 'Send the standard as an object' },
);
export type StandardInput = z.input<typeof standardInputSchema>;

/** A standard with its subjects populated, and how many students and batches use it. */
export const standardSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  level: z.number().int(),
  /** Its names in Marathi and Hindi where the office wrote them; `name` is the English one. */
  names: namesInLanguagesSchema,
  subjects: z.array(subjectRefSchema),
  studentCount: z.number().int(),
  batchCount: z.number().int(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Standard = z.infer<typeof standardSchema>;

/** GET /api/standards/check-duplicate?name=&level=&excludeId= (excludeId: the standard being edited). */
export const standardDuplicateQuerySchema = z.object({
  name: optionalQueryValue(z.string().max(80, 'Name must be at most 80 characters')),
  level: optionalQueryValue(z.string().regex(/^-?\d{1,6}$/, 'Level must be a whole number').transform(Number)),
  excludeId: optionalQueryValue(idSchema),
});
export type StandardDuplicateQuery = z.input<typeof standardDuplicateQuerySchema>;

export const standardDuplicateResultSchema = z.object({ duplicate: z.boolean(), nameMatches: z.boolean(), levelMatches: z.boolean() });
export type StandardDuplicateResult = z.infer<typeof standardDuplicateResultSchema>;

/**
 * The spec's duplicate rule (section 5), for the list the client already holds: the name compared
 * case-insensitively, the level as a number; either match is a duplicate. The server applies the
 * same rule (409) and answers it at /api/standards/check-duplicate.
 */
export function findStandardDuplicate(
  existing: readonly { _id: string; name: string; level: number | string }[],
  candidate: { name?: string | null; level?: number | string | null; excludeId?: string | null },
): StandardDuplicateResult {
  const name = candidate.name?.trim().toLowerCase() ?? '';
  const level = candidate.level === null || candidate.level === undefined || candidate.level === '' ? undefined : Number(candidate.level);
  let nameMatches = false;
  let levelMatches = false;
  for (const standard of existing) {
    if (standard._id === candidate.excludeId) continue;
    if (name && standard.name.trim().toLowerCase() === name) nameMatches = true;
    if (level !== undefined && !Number.isNaN(level) && Number(standard.level) === level) levelMatches = true;
  }
  return { duplicate: nameMatches || levelMatches, nameMatches, levelMatches };
}
