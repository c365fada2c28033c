import type { Standard, StandardInput } from '@academy/shared/schemas/standards';
import { collectionQuery, resourceHooks } from '../../lib/resource-hooks';
import { SUBJECT_AND_STANDARD_VIEWS } from '../subjects/api';
import { msg } from '@lingui/core/macro';
import { standardKeys } from '../../lib/query-keys';

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

export const { queryOptions: standardsQueryOptions, useCollection: useStandards } = collectionQuery<Standard>(standardKeys.list, '/standards');

/** Standards show in subjects' usage counts and on the dashboard too. */
export const {
  itemQueryOptions: standardQueryOptions,
  useItem: useStandard,
  useCreate: useCreateStandard,
  useUpdate: useUpdateStandard,
  useDelete: useDeleteStandard,
} = resourceHooks<Standard, Standard, StandardInput>({ path: '/standards', detailKey: standardKeys.detail, refreshes: SUBJECT_AND_STANDARD_VIEWS });
