/**
 * This feature's query keys, which other features' api.ts import to refresh its data after a change of theirs. A file
 * without code of its own, so importing the keys brings neither this feature's requests nor its schemas (zod) into the
 * importer's chunk (npm run size: the signed-in first screens load no zod); api.ts exports them too.
 */
export const standardKeys = {
  all: ['standards'] as const,
  list: ['standards', 'list'] as const,
  detail: (id: string) => ['standards', 'detail', id] as const,
};
