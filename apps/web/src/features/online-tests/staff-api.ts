import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import type { OnlineTest, OnlineTestInput, OnlineTestList, OnlineTestResults, QuestionDifficulty, QuestionList } from '@academy/shared/schemas/online-tests';
import type { QuestionSubjects } from '@academy/shared/schemas/question-bank';
import { API_BASE, apiRequest, apiRequestWithMessage } from '../../lib/api-client';
import { onlineTestKeys, questionKeys } from '../../lib/query-keys';
import { toQueryString } from '../../lib/query-string';
import { getQueryOptions } from '../../lib/get-query-options';
import { useRefreshQueries } from '../../lib/resource-hooks';

/*
 * The teacher's and the office's side of online tests (issue 40): their papers, one paper with its
 * answers, publishing, and the results. The student's side is ./api.ts. The question bank is read here
 * too (the picker and the blueprint's chapters) with the bank's own shared keys, so a question saved in
 * the bank shows in the picker at once. The online tests' keys are shared with the student's side
 * (lib/query-keys.ts): a change of a paper refreshes every online-test query.
 */


/** Shown when a request fails without the server's words (offline, a proxy's error). */
export const STAFF_ONLINE_TEST_FAILURES = {
  list: msg`Online tests could not be loaded`,
  detail: msg`The online test could not be loaded`,
  results: msg`The results could not be loaded`,
  save: msg`The online test was not saved`,
  publish: msg`The online test was not published`,
  delete: msg`The online test was not deleted`,
  bank: msg`The question bank could not be loaded`,
};

export type StaffOnlineTestRow = OnlineTestList['tests'][number];

/** The signed-in teacher's tests (those with a batch of theirs) or, for the office, every test; newest opening first. */
export function useStaffOnlineTests(batch = '') {
  return useQuery(
    getQueryOptions<OnlineTestList>(onlineTestKeys.list(batch ? { batch } : {}), `/online-tests${toQueryString({ batch })}`, {
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  );
}

/** One paper with its sections, questions, right answers and solutions. */
export function useStaffOnlineTest(id: string) {
  return useQuery(getQueryOptions<OnlineTest>(onlineTestKeys.detail(id), `/online-tests/${encodeURIComponent(id)}`));
}

/** Ranks, who has not started, and each question's share right and discrimination. */
export function useOnlineTestResults(id: string, enabled = true) {
  return useQuery({
    queryKey: onlineTestKeys.results(id),
    queryFn: ({ signal }) => apiRequest<OnlineTestResults>('GET', `/online-tests/${encodeURIComponent(id)}/results`, undefined, { signal }),
    enabled,
    // Students submit while the teacher watches: a minute old is fine, a refresh on focus keeps it current.
    staleTime: 60_000,
  });
}

/** The results workbook: a plain link, the browser downloads it (in the signed-in person's language). */
export const onlineTestResultsWorkbookHref = (id: string) => `${API_BASE}/online-tests/${encodeURIComponent(id)}/results.xlsx`;

/** The printed paper, or with `answers` its answer key and solutions: a plain link, the browser downloads the PDF. */
export const onlineTestPaperHref = (id: string, answers = false) => `${API_BASE}/online-tests/${encodeURIComponent(id)}/paper.pdf${answers ? '?answers=true' : ''}`;

function useInvalidateOnlineTests() {
  return useRefreshQueries([onlineTestKeys.all]);
}

/** Creates a paper (a draft), or replaces draft `id` with what is sent. */
export function useSaveOnlineTest(id?: string) {
  const invalidate = useInvalidateOnlineTests();
  return useMutation({
    mutationFn: (input: OnlineTestInput) => apiRequestWithMessage<OnlineTest>(id ? 'PUT' : 'POST', id ? `/online-tests/${encodeURIComponent(id)}` : '/online-tests', input),
    onSuccess: () => invalidate(),
  });
}

export function usePublishOnlineTest() {
  const invalidate = useInvalidateOnlineTests();
  return useMutation({
    mutationFn: (id: string) => apiRequestWithMessage<OnlineTest>('POST', `/online-tests/${encodeURIComponent(id)}/publish`),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteOnlineTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequestWithMessage<null>('DELETE', `/online-tests/${encodeURIComponent(id)}`),
    onSuccess: (_result, id) => {
      // The deleted paper's own query would refetch into a 404 while the screen leaves it.
      queryClient.removeQueries({ queryKey: onlineTestKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: onlineTestKeys.all });
    },
  });
}

/** The picker's filters and page. */
export interface BankFilters {
  subject?: string;
  chapter?: string;
  difficulty?: QuestionDifficulty;
  search?: string;
  page: number;
}

export const BANK_PAGE_SIZE = 20;

/** A page of the bank the signed-in teacher may use (their subjects; the office every one), with its chapters and their counts. */
export function useBankQuestions(filters: BankFilters, limit = BANK_PAGE_SIZE) {
  const query = { ...filters, limit };
  return useQuery(
    getQueryOptions<QuestionList>(questionKeys.list(query), `/questions${toQueryString(query)}`, {
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  );
}

/** The subjects the signed-in teacher teaches (the office: all), to filter the bank by. */
export function useBankSubjects() {
  return useQuery(getQueryOptions<QuestionSubjects>(questionKeys.subjects, '/questions/subjects', { staleTime: 5 * 60_000 }));
}
