import type { TeacherListQuery } from '@academy/shared/schemas/teachers';

/**
 * This feature's query keys, which other features' api.ts import to refresh its data after a change of theirs. A file
 * without code of its own, so importing the keys brings neither this feature's requests nor its schemas (zod) into the
 * importer's chunk (npm run size: the signed-in first screens load no zod); api.ts exports them too.
 */
export const teacherKeys = {
  all: ['teachers'] as const,
  list: (query: TeacherListQuery) => ['teachers', 'list', query] as const,
  detail: (id: string) => ['teachers', 'detail', id] as const,
  batches: (id: string) => ['teachers', 'detail', id, 'batches'] as const,
  students: (id: string) => ['teachers', 'detail', id, 'students'] as const,
};
