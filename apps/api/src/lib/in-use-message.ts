/** '"A", "B" and 3 more': names for a message, quoted, never an endless list. */
export function quoteNames(names: readonly string[], max = 5): string {
  const quoted = names.slice(0, max).map((name) => `"${name}"`);
  const rest = names.length - quoted.length;
  if (rest > 0) return `${quoted.join(', ')} and ${rest} more`;
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

export type Usage = { count: number; singular: string; plural: string; names?: readonly string[] };

/**
 * Why a record cannot be deleted, naming where it is used:
 * 'Mathematics cannot be deleted: it is used by 2 standards ("9th Standard" and "10th Standard") and 1 batch ("10th Maths").'
 * Returns undefined when nothing uses it.
 */
export function inUseMessage(what: string, usages: readonly Usage[]): string | undefined {
  const parts = usages
    .filter((usage) => usage.count > 0)
    .map((usage) => {
      const noun = `${usage.count} ${usage.count === 1 ? usage.singular : usage.plural}`;
      return usage.names && usage.names.length > 0 ? `${noun} (${quoteNames(usage.names)})` : noun;
    });
  if (parts.length === 0) return undefined;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `${what} cannot be deleted: it is used by ${list}.`;
}
