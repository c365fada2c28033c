import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Subject, SubjectDetail, SubjectInput } from '@academy/shared/schemas/subjects';
import { apiRequest, apiRequestWithMessage } from '../../lib/api-client';
import { msg } from '@lingui/core/macro';
import { adminDashboardKeys, standardKeys, subjectKeys } from '../../lib/query-keys';
import { publicSettingsQueryOptions } from '../../lib/public-settings';

export { subjectKeys };

export const subjectsQueryOptions = queryOptions({
  queryKey: subjectKeys.list,
  queryFn: ({ signal }) => apiRequest<Subject[]>('GET', '/subjects', undefined, { signal }),
});

export function useSubjects() {
  return useQuery(subjectsQueryOptions);
}

export function subjectQueryOptions(id: string) {
  return queryOptions({
    queryKey: subjectKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<SubjectDetail>('GET', `/subjects/${encodeURIComponent(id)}`, undefined, { signal }),
  });
}

export function useSubject(id: string) {
  return useQuery(subjectQueryOptions(id));
}

/**
 * Subjects appear in standards, batches and teachers too (their counts and badges), so every change
 * refetches everything that may show one.
 */
function useInvalidateCatalogue() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: subjectKeys.all }),
      queryClient.invalidateQueries({ queryKey: standardKeys.all }),
      queryClient.invalidateQueries({ queryKey: adminDashboardKeys.all }),
      // The names in Marathi and Hindi come with the public settings (useLocalNames).
      queryClient.invalidateQueries({ queryKey: publicSettingsQueryOptions.queryKey }),
    ]);
}

export function useCreateSubject() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (input: SubjectInput) => apiRequestWithMessage<Subject>('POST', '/subjects', input),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateSubject(id: string) {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (input: SubjectInput) => apiRequestWithMessage<Subject>('PUT', `/subjects/${encodeURIComponent(id)}`, input),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteSubject() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (id: string) => apiRequestWithMessage<unknown>('DELETE', `/subjects/${encodeURIComponent(id)}`),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: subjectKeys.detail(id) });
      return invalidate();
    },
  });
}

/** The spec's texts (section 8) for when the server gives no message of its own. */
/** Shown when a request fails without the server's words (offline, a proxy's error): worded in the reader's language when shown. */
export const SUBJECT_FAILURES = {
  fetch: msg`Failed to fetch subjects`,
  create: msg`Failed to create subject`,
  update: msg`Failed to update subject`,
  delete: msg`Failed to delete subject`,
};
