import { useQuery } from '@tanstack/react-query';
import type { Subject, SubjectDetail, SubjectInput } from '@academy/shared/schemas/subjects';
import { resourceHooks } from '../../lib/resource-hooks';
import { msg } from '@lingui/core/macro';
import { adminDashboardKeys, standardKeys, subjectKeys } from '../../lib/query-keys';
import { publicSettingsQueryOptions } from '../../lib/public-settings';
import { getQueryOptions } from '../../lib/get-query-options';

export { subjectKeys };

export const subjectsQueryOptions = getQueryOptions<Subject[]>(subjectKeys.list, '/subjects');

export function useSubjects() {
  return useQuery(subjectsQueryOptions);
}

/**
 * Subjects appear in standards, batches and teachers too (their counts and badges), so every change
 * refetches everything that may show one.
 */
const subjectHooks = resourceHooks<SubjectDetail, Subject, SubjectInput>({
  path: '/subjects',
  detailKey: subjectKeys.detail,
  refreshes: [
    subjectKeys.all,
    standardKeys.all,
    adminDashboardKeys.all,
    // The names in Marathi and Hindi come with the public settings (useLocalNames).
    publicSettingsQueryOptions.queryKey,
  ],
});

export const subjectQueryOptions = subjectHooks.itemQueryOptions;
export const useSubject = subjectHooks.useItem;
export const useCreateSubject = subjectHooks.useCreate;
export const useUpdateSubject = subjectHooks.useUpdate;
export const useDeleteSubject = subjectHooks.useDelete;

/** The spec's texts (section 8) for when the server gives no message of its own. */
/** Shown when a request fails without the server's words (offline, a proxy's error): worded in the reader's language when shown. */
export const SUBJECT_FAILURES = {
  fetch: msg`Failed to fetch subjects`,
  create: msg`Failed to create subject`,
  update: msg`Failed to update subject`,
  delete: msg`Failed to delete subject`,
};
