import type { AttendanceRange } from './api';

/**
 * This feature's query keys, which other features' api.ts import to refresh its data after a change of theirs. A file
 * without code of its own, so importing the keys brings neither this feature's requests nor its schemas (zod) into the
 * importer's chunk (npm run size: the signed-in first screens load no zod); api.ts exports them too.
 */
export const attendanceKeys = {
  all: ['attendance'] as const,
  day: (batchId: string, date: string) => ['attendance', 'day', batchId, date] as const,
  history: (batchId: string, range: AttendanceRange) => ['attendance', 'history', batchId, range] as const,
  student: (studentId: string, batchId: string, range: AttendanceRange) => ['attendance', 'student', studentId, batchId, range] as const,
  own: (range: AttendanceRange) => ['attendance', 'own', range] as const,
  ownBatch: (batchId: string, range: AttendanceRange) => ['attendance', 'own', batchId, range] as const,
};
