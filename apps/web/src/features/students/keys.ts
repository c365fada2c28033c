import type { StudentListQuery } from '@academy/shared/schemas/students';

/**
 * This feature's query keys, which other features' api.ts import to refresh its data after a change of theirs. A file
 * without code of its own, so importing the keys brings neither this feature's requests nor its schemas (zod) into the
 * importer's chunk (npm run size: the signed-in first screens load no zod); api.ts exports them too.
 */
export const studentKeys = {
  all: ['students'] as const,
  list: (query: StudentListQuery) => ['students', 'list', query] as const,
  detail: (id: string) => ['students', 'detail', id] as const,
};
