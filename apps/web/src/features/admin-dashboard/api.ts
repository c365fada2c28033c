import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboardSummary } from '@academy/shared/schemas/dashboard';
import { apiRequest } from '../../lib/api-client';

export const adminDashboardKeys = {
  all: ['admin-dashboard'] as const,
  summary: ['admin-dashboard', 'summary'] as const,
};

export const adminDashboardSummaryQueryOptions = queryOptions({
  queryKey: adminDashboardKeys.summary,
  queryFn: ({ signal }) => apiRequest<AdminDashboardSummary>('GET', '/admin/dashboard/summary', undefined, { signal }),
  staleTime: 30_000,
});

export function useAdminDashboardSummary() {
  return useQuery(adminDashboardSummaryQueryOptions);
}
