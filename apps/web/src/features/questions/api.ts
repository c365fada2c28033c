import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Language } from '@academy/shared/languages';
import type { Question, QuestionInput, QuestionList, QuestionListQuery } from '@academy/shared/schemas/online-tests';
import type { QuestionImage, QuestionImportPreview, QuestionImportResult, QuestionSubjects } from '@academy/shared/schemas/question-bank';
import { API_BASE, apiRequestWithMessage } from '../../lib/api-client';
import { questionKeys } from '../../lib/query-keys';
import { toQueryString } from '../../lib/query-string';
import { sendFile, type FileUpload } from '../../lib/send-file';
import { getQueryOptions } from '../../lib/get-query-options';
import { useRefreshQueries } from '../../lib/resource-hooks';

export { questionKeys };
// How questions read on screen, for the online tests that show them too (the one copy).
export { DIFFICULTY_COLORS, optionLetter, useDifficultyLabels } from './question-labels';

/** The bank's filters and page, as the list sends them. */
export type QuestionFilters = Omit<QuestionListQuery, 'page' | 'limit'> & { page: number };

export const QUESTION_PAGE_SIZE = 20;

/** One page of the bank (newest first) and its chapters for the filter; the last page stays shown while the next loads. */
export function useQuestions(filters: QuestionFilters) {
  return useQuery(
    getQueryOptions<QuestionList>(questionKeys.list(filters), `/questions${toQueryString({ ...filters, limit: QUESTION_PAGE_SIZE })}`, {
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  );
}

export function useQuestion(id: string) {
  return useQuery(getQueryOptions<Question>(questionKeys.detail(id), `/questions/${encodeURIComponent(id)}`));
}

/** The subjects the signed-in teacher (their own) or admin (all) may write questions for. */
export function useQuestionSubjects() {
  return useQuery(getQueryOptions<QuestionSubjects>(questionKeys.subjects, '/questions/subjects', { staleTime: 5 * 60_000 }));
}

function useInvalidateQuestions() {
  return useRefreshQueries([questionKeys.all]);
}

/** Creates a question, or replaces question `id` with what is sent. */
export function useSaveQuestion(id?: string) {
  const invalidate = useInvalidateQuestions();
  return useMutation({
    mutationFn: (input: QuestionInput) => apiRequestWithMessage<Question>(id ? 'PUT' : 'POST', id ? `/questions/${encodeURIComponent(id)}` : '/questions', input),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteQuestion() {
  const invalidate = useInvalidateQuestions();
  return useMutation({
    mutationFn: (id: string) => apiRequestWithMessage<null>('DELETE', `/questions/${encodeURIComponent(id)}`),
    onSuccess: () => invalidate(),
  });
}

/** Uploads a picture; answers its address for ![](url). */
export function useUploadQuestionImage() {
  return useMutation({
    mutationFn: (upload: FileUpload) => sendFile<QuestionImage>('POST', '/questions/images', upload),
  });
}

/** The sheet template in a language: a plain link, the browser downloads it. */
export const questionTemplateHref = (language: Language) => `${API_BASE}/questions/template.xlsx?lang=${language}`;

/** The dry run: what the import would add, each cell to correct and each repeated question; nothing changes. */
export function useCheckQuestionSheet() {
  return useMutation({
    mutationFn: (upload: FileUpload) => sendFile<QuestionImportPreview>('POST', '/questions/import?dryRun=true', upload),
  });
}

/** The import itself: all or nothing. */
export function useImportQuestionSheet() {
  const invalidate = useInvalidateQuestions();
  return useMutation({
    mutationFn: (upload: FileUpload) => sendFile<QuestionImportResult>('POST', '/questions/import', upload),
    onSuccess: () => invalidate(),
  });
}
