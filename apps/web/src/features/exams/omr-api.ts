import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OmrScan, answerKeySchema, omrKeySheetSchema, omrScanResultSchema, omrScansSchema } from '@academy/shared/schemas/omr';
import { apiRequest, apiRequestWithMessage } from '../../lib/api-client';
import { sendFile } from '../../lib/send-file';
import { examKeys } from './api';

export type AnswerKey = z.infer<typeof answerKeySchema>;
export type OmrScans = z.infer<typeof omrScansSchema>;
export type OmrScanResult = z.infer<typeof omrScanResultSchema>;
export type OmrKeySheet = z.infer<typeof omrKeySheetSchema>;
export type { OmrScan };

const id = encodeURIComponent;
export const omrKeys = { scans: (examId: string) => ['exams', 'omr', examId] as const };

/** The address of a test's OMR sheet PDF: blank, or the batch's pre-printed sheets. */
export function omrSheetUrl(examId: string, options: { pattern: string; questions: number; options: number; numeric?: number; sections?: string | null; batchId?: string }): string {
  const search = new URLSearchParams({ pattern: options.pattern, questions: String(options.questions), options: String(options.options) });
  // A JEE sheet in subjects (decision 098), or with its numeric-answer questions last (decision 092).
  if (options.pattern === 'jee' && options.sections) search.set('sections', options.sections);
  else if (options.pattern === 'jee') search.set('numeric', String(options.numeric ?? 0));
  if (options.batchId) search.set('batch', options.batchId);
  return `/api/tests/${id(examId)}/omr-sheet.pdf?${search.toString()}`;
}

/** After a change to the key or a sheet: the scans and the exam's marks refetch. */
const refreshKey = (queryClient: ReturnType<typeof useQueryClient>, examId: string) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: omrKeys.scans(examId) }), queryClient.invalidateQueries({ queryKey: examKeys.results(examId) })]);

/** The key, every read sheet and the per-question analysis. */
export function useOmrScans(examId: string) {
  return useQuery({ queryKey: omrKeys.scans(examId), queryFn: ({ signal }) => apiRequest<OmrScans>('GET', `/tests/${id(examId)}/omr-scans`, undefined, { signal }), enabled: examId !== '' });
}

export function useSaveAnswerKey(examId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { answers: string[]; pattern: string; options: number }) => apiRequestWithMessage<AnswerKey>('PUT', `/tests/${id(examId)}/answer-key`, input),
    onSuccess: () => refreshKey(queryClient, examId),
  });
}

/** Uploads one photo (or PDF) of a sheet; the marks and the scans refetch. */
export function useScanSheet(examId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => sendFile<OmrScanResult>('POST', `/tests/${id(examId)}/omr-scans`, { file }),
    onSuccess: () => refreshKey(queryClient, examId),
  });
}

/** The teacher settles one question of a student's sheet (a letter, or null for blank). */
export function useSettleAnswer(examId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { studentId: string; question: number; answer: string | null }) =>
      apiRequestWithMessage<OmrScan>('PUT', `/tests/${id(examId)}/omr-scans/${id(input.studentId)}/answers/${input.question}`, { answer: input.answer }),
    onSuccess: () => refreshKey(queryClient, examId),
  });
}

/** The key from the linked online test's paper (decision 092). */
export function useKeyFromOnlineTest(examId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequestWithMessage<AnswerKey>('POST', `/tests/${id(examId)}/answer-key/from-online-test`, {}),
    onSuccess: () => refreshKey(queryClient, examId),
  });
}

/** A teacher's filled sheet read as the key: saved when all is clear, else the questions to settle (decision 092). */
export function useScanKeySheet(examId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => sendFile<OmrKeySheet>('POST', `/tests/${id(examId)}/omr-scans?as=key`, { file }),
    onSuccess: () => refreshKey(queryClient, examId),
  });
}
