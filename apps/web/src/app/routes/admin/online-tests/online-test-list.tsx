import { useLingui } from '@lingui/react/macro';
import { useBatches } from '../../../../features/batches/api';
import { StaffTestsPage } from '../../../../features/online-tests/components/staff-tests-page';

export function Component() {
  const { t } = useLingui();
  // The batches come from the route: one feature does not import another.
  const batches = useBatches();
  const batchOptions = (batches.data ?? []).map((batch) => ({ value: batch._id, label: batch.name }));
  return <StaffTestsPage basePath="/app/online-tests" batchOptions={batchOptions} description={t`Timed practice tests for CET, JEE and NEET, set from the question bank for any batch.`} />;
}
