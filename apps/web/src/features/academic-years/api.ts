import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcademicYears, RolloverInput, RolloverResult, RolloverSummary } from '@academy/shared/schemas/academic-years';
import { apiRequest, apiRequestWithMessage } from '../../lib/api-client';
import { academicYearKeys } from '../../lib/query-keys';

/** The current academic year, the rollovers done and the active students by standard. */
export function useAcademicYears() {
  return useQuery({ queryKey: academicYearKeys.all, queryFn: ({ signal }) => apiRequest<AcademicYears>('GET', '/academic-years', undefined, { signal }) });
}

/** The dry run: what the rollover would do; nothing changes. */
export function useCheckRollover() {
  return useMutation({ mutationFn: (input: RolloverInput) => apiRequest<RolloverSummary>('POST', '/academic-years/rollover?dryRun=true', input) });
}

/** The rollover itself: students, batches and fees all change, so every list refetches. */
export function useStartNewYear() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RolloverInput) => apiRequestWithMessage<RolloverResult>('POST', '/academic-years/rollover', input),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useUndoRollover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequestWithMessage<null>('DELETE', `/academic-years/rollover/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
