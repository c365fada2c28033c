import type { StandardDuplicateResult } from '@academy/shared/schemas/standards';
import { t } from '@lingui/core/macro';

/**
 * The warning for a duplicate found by `findStandardDuplicate` (spec section 5: it says which
 * matched), or null when there is none.
 */
export function duplicateWarning(result: StandardDuplicateResult, candidate: { name: string; level: number | string }): string | null {
  if (!result.duplicate) return null;
  const name = `“${candidate.name.trim()}”`;
  const level = candidate.level;
  if (result.nameMatches && result.levelMatches) return t`A standard named ${name} and a standard with level ${level} already exist: both the name and the level match.`;
  if (result.nameMatches) return t`A standard named ${name} already exists: the name matches.`;
  return t`A standard with level ${level} already exists: the level matches.`;
}

/** The same finding as field errors, so the fields that clash are marked too. */
export function duplicateFieldErrors(result: StandardDuplicateResult): Record<string, string> {
  const errors: Record<string, string> = {};
  if (result.nameMatches) errors.name = t`Another standard has this name`;
  if (result.levelMatches) errors.level = t`Another standard has this level`;
  return errors;
}
