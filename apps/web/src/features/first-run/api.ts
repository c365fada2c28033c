import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FirstRunChecklist } from '@academy/shared/schemas/academies';
import { apiRequest } from '../../lib/api-client';
import { adminDashboardKeys } from '../../lib/query-keys';

/** The first-run checklist (issue 55): ticked from the academy's own records, read again on every visit. */
export const firstRunQueryOptions = queryOptions({
  queryKey: [...adminDashboardKeys.all, 'first-run'] as const,
  queryFn: ({ signal }) => apiRequest<FirstRunChecklist>('GET', '/dashboard/first-run', undefined, { signal }),
  staleTime: 0,
});

export function useFirstRunChecklist(enabled: boolean) {
  return useQuery({ ...firstRunQueryOptions, enabled });
}
