import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Attempt, AttemptResult, OnlineTestList } from '@academy/shared/schemas/online-tests';
import { ApiError, apiRequest } from '../../lib/api-client';
import { keptPaper } from './attempt-answers';
import { onlineTestKeys } from '../../lib/query-keys';
import { getQueryOptions } from '../../lib/get-query-options';

/*
 * The student's online tests (issue 40): their batches' published tests, an attempt to take or resume,
 * its result. The answers themselves travel through use-attempt-sync.ts (kept on the phone first).
 */

const id = (value: string) => encodeURIComponent(value);

export function useStudentOnlineTests() {
  return useQuery({
    queryKey: onlineTestKeys.list({}),
    queryFn: ({ signal }) => apiRequest<OnlineTestList>('GET', '/online-tests', undefined, { signal }),
    // A test opens at its hour: the list is read again every minute while it is on screen.
    refetchInterval: 60_000,
  });
}

/**
 * The attempt on screen. The attempt screen keeps it on the phone while it runs (`userId`: whose
 * storage): a reload without a connection opens that copy (issue 54) instead of an error; the answers
 * come from the draft.
 */
export function useAttempt(attemptId: string, userId: string | undefined) {
  return useQuery({
    queryKey: onlineTestKeys.attempt(attemptId),
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest<Attempt>('GET', `/attempts/${id(attemptId)}`, undefined, { signal });
      } catch (error) {
        const kept = userId && error instanceof ApiError && error.status === 0 ? keptPaper(userId, attemptId) : null;
        if (kept) return kept;
        throw error;
      }
    },
    // The attempt on screen is the phone's; the server's copy is read once, when the screen opens.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: 1,
  });
}

export function useStartAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (testId: string) => apiRequest<Attempt>('POST', `/online-tests/${id(testId)}/attempts`),
    onSuccess: (attempt) => {
      queryClient.setQueryData(onlineTestKeys.attempt(attempt._id), attempt);
      void queryClient.invalidateQueries({ queryKey: onlineTestKeys.list({}) });
    },
  });
}

export function useSubmitAttempt(attemptId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<AttemptResult>('POST', `/attempts/${id(attemptId)}/submit`),
    onSuccess: (result) => {
      queryClient.setQueryData(onlineTestKeys.result(attemptId), result);
      void queryClient.invalidateQueries({ queryKey: onlineTestKeys.list({}) });
      queryClient.removeQueries({ queryKey: onlineTestKeys.attempt(attemptId), exact: true });
    },
  });
}

export function useAttemptResult(attemptId: string) {
  return useQuery(getQueryOptions<AttemptResult>(onlineTestKeys.result(attemptId), `/attempts/${id(attemptId)}/result`));
}

export function saveAnswersRequest(attemptId: string, answers: unknown[]) {
  return apiRequest<{ saved: number; endsAt: string; serverNow: string }>('PUT', `/attempts/${id(attemptId)}/answers`, { answers });
}
