import type { Subject, SubjectDetail, SubjectInput } from '@academy/shared/schemas/subjects';
import { collectionQuery, resourceHooks } from '../../lib/resource-hooks';
import { msg } from '@lingui/core/macro';
import { adminDashboardKeys, standardKeys, subjectKeys } from '../../lib/query-keys';
import { publicSettingsQueryOptions } from '../../lib/public-settings';

export { subjectKeys };

export const { queryOptions: subjectsQueryOptions, useCollection: useSubjects } = collectionQuery<Subject>(subjectKeys.list, '/subjects');

/**
 * What a change to a subject or a standard refreshes: each shows the other (counts and badges), the
 * dashboard counts them, and their names in Marathi and Hindi come with the public settings (useLocalNames).
 */
export const SUBJECT_AND_STANDARD_VIEWS = [subjectKeys.all, standardKeys.all, adminDashboardKeys.all, publicSettingsQueryOptions.queryKey] as const;

/** Subjects appear in standards, batches and teachers too (their counts and badges). */
export const {
  itemQueryOptions: subjectQueryOptions,
  useItem: useSubject,
  useCreate: useCreateSubject,
  useUpdate: useUpdateSubject,
  useDelete: useDeleteSubject,
} = resourceHooks<SubjectDetail, Subject, SubjectInput>({ path: '/subjects', detailKey: subjectKeys.detail, refreshes: SUBJECT_AND_STANDARD_VIEWS });

/** The spec's texts (section 8) for when the server gives no message of its own. */
/** Shown when a request fails without the server's words (offline, a proxy's error): worded in the reader's language when shown. */
export const SUBJECT_FAILURES = {
  fetch: msg`Failed to fetch subjects`,
  create: msg`Failed to create subject`,
  update: msg`Failed to update subject`,
  delete: msg`Failed to delete subject`,
};
