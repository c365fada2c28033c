import type { BatchListFilters } from './api';

/**
 * This feature's query keys, which other features' api.ts import to refresh its data after a change of theirs. A file
 * without code of its own, so importing the keys brings neither this feature's requests nor its schemas (zod) into the
 * importer's chunk (npm run size: the signed-in first screens load no zod); api.ts exports them too.
 */
export const batchKeys = {
  all: ['batches'] as const,
  list: () => ['batches', 'list'] as const,
  filteredList: (filters: BatchListFilters) => ['batches', 'list', filters] as const,
  detail: (id: string) => ['batches', 'detail', id] as const,
  studentList: () => ['batches', 'student', 'list'] as const,
  studentSchedule: () => ['batches', 'student', 'schedule'] as const,
  teacherList: () => ['batches', 'teacher', 'list'] as const,
  teacherSchedule: () => ['batches', 'teacher', 'schedule'] as const,
};
