import { useQuery } from '@tanstack/react-query';
import type { Standard, StandardInput } from '@academy/shared/schemas/standards';
import { resourceHooks } from '../../lib/resource-hooks';
import { msg } from '@lingui/core/macro';
import { adminDashboardKeys, standardKeys, subjectKeys } from '../../lib/query-keys';
import { publicSettingsQueryOptions } from '../../lib/public-settings';
import { getQueryOptions } from '../../lib/get-query-options';

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

export const standardsQueryOptions = getQueryOptions<Standard[]>(standardKeys.list, '/standards');

export function useStandards() {
  return useQuery(standardsQueryOptions);
}

/** Standards show in subjects' usage counts and on the dashboard too. */
const standardHooks = resourceHooks<Standard, Standard, StandardInput>({
  path: '/standards',
  detailKey: standardKeys.detail,
  refreshes: [
    standardKeys.all,
    subjectKeys.all,
    adminDashboardKeys.all,
    // The names in Marathi and Hindi come with the public settings (useLocalNames).
    publicSettingsQueryOptions.queryKey,
  ],
});

export const standardQueryOptions = standardHooks.itemQueryOptions;
export const useStandard = standardHooks.useItem;
export const useCreateStandard = standardHooks.useCreate;
export const useUpdateStandard = standardHooks.useUpdate;
export const useDeleteStandard = standardHooks.useDelete;
