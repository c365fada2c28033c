import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Standard, StandardInput } from '@academy/shared/schemas/standards';
import { apiRequest, apiRequestWithMessage } from '../../lib/api-client';
import { msg } from '@lingui/core/macro';
import { adminDashboardKeys, standardKeys, subjectKeys } from '../../lib/query-keys';
import { publicSettingsQueryOptions } from '../../lib/public-settings';

export { standardKeys };

/** The spec's texts (section 8) for when the server gives no message of its own. */
/** Shown when a request fails without the server's words (offline, a proxy's error): worded in the reader's language when shown. */
export const STANDARD_FAILURES = {
  fetch: msg`Failed to fetch standards`,
  create: msg`Failed to create standard`,
  update: msg`Failed to update standard`,
  delete: msg`Failed to delete standard`,
  checkDuplicates: msg`Failed to check for duplicates`,
};

export const standardsQueryOptions = queryOptions({
  queryKey: standardKeys.list,
  queryFn: ({ signal }) => apiRequest<Standard[]>('GET', '/standards', undefined, { signal }),
});

export function useStandards() {
  return useQuery(standardsQueryOptions);
}

export function standardQueryOptions(id: string) {
  return queryOptions({
    queryKey: standardKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Standard>('GET', `/standards/${encodeURIComponent(id)}`, undefined, { signal }),
  });
}

export function useStandard(id: string) {
  return useQuery(standardQueryOptions(id));
}

/** Standards show in subjects' usage counts and on the dashboard too. */
function useInvalidateCatalogue() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: standardKeys.all }),
      queryClient.invalidateQueries({ queryKey: subjectKeys.all }),
      queryClient.invalidateQueries({ queryKey: adminDashboardKeys.all }),
      // The names in Marathi and Hindi come with the public settings (useLocalNames).
      queryClient.invalidateQueries({ queryKey: publicSettingsQueryOptions.queryKey }),
    ]);
}

export function useCreateStandard() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (input: StandardInput) => apiRequestWithMessage<Standard>('POST', '/standards', input),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateStandard(id: string) {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (input: StandardInput) => apiRequestWithMessage<Standard>('PUT', `/standards/${encodeURIComponent(id)}`, input),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteStandard() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (id: string) => apiRequestWithMessage<unknown>('DELETE', `/standards/${encodeURIComponent(id)}`),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: standardKeys.detail(id) });
      return invalidate();
    },
  });
}
