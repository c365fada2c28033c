import { useLingui } from '@lingui/react/macro';
import { useBatches } from '../../../features/batches/api';
import { StaffTestsPage } from '../../../features/online-tests/components/staff-tests-page';
import { useArea } from '../../area';
import { useCan } from '../../../lib/session';

export function Component() {
  const { t } = useLingui();
  const area = useArea();
  const allBatches = useCan('batches.all');
  // The batches come from the route: one feature does not import another. A teacher's list is theirs (the API's scope).
  const batches = useBatches();
  const batchOptions = (batches.data ?? []).map((batch) => ({ value: batch._id, label: batch.name }));
  const description =
    allBatches ? t`Timed practice tests for CET, JEE and NEET, set from the question bank for any batch.` : t`Timed practice tests for CET, JEE and NEET, set from the question bank for your batches.`;
  return <StaffTestsPage basePath={`${area.path}/online-tests`} batchOptions={batchOptions} description={description} />;
}
