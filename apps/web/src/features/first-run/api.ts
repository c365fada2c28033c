import { useQuery } from '@tanstack/react-query';
import type { FirstRunChecklist } from '@academy/shared/schemas/academies';
import { adminDashboardKeys } from '../../lib/query-keys';
import { getQueryOptions } from '../../lib/get-query-options';

/** The first-run checklist (issue 55): ticked from the academy's own records, read again on every visit. */
export const firstRunQueryOptions = getQueryOptions<FirstRunChecklist>([...adminDashboardKeys.all, 'first-run'] as const, '/dashboard/first-run', {
  staleTime: 0,
});

export function useFirstRunChecklist(enabled: boolean) {
  return useQuery({ ...firstRunQueryOptions, enabled });
}
