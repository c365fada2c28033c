import type { StandardDuplicateResult } from '@academy/shared/schemas/standards';

/**
 * The warning for a duplicate found by `findStandardDuplicate` (spec section 5: it says which
 * matched), or null when there is none.
 */
export function duplicateWarning(result: StandardDuplicateResult, candidate: { name: string; level: number | string }): string | null {
  if (!result.duplicate) return null;
  const name = `“${candidate.name.trim()}”`;
  if (result.nameMatches && result.levelMatches) return `A standard named ${name} and a standard with level ${candidate.level} already exist: both the name and the level match.`;
  if (result.nameMatches) return `A standard named ${name} already exists: the name matches.`;
  return `A standard with level ${candidate.level} already exists: the level matches.`;
}

/** The same finding as field errors, so the fields that clash are marked too. */
export function duplicateFieldErrors(result: StandardDuplicateResult): Record<string, string> {
  const errors: Record<string, string> = {};
  if (result.nameMatches) errors.name = 'Another standard has this name';
  if (result.levelMatches) errors.level = 'Another standard has this level';
  return errors;
}
