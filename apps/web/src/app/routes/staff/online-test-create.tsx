import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../../components/ui/page-header';
import { useBatches } from '../../../features/batches/api';
import { StaffTestForm } from '../../../features/online-tests/components/staff-test-form';
import { useArea } from '../../area';

export function Component() {
  const { t } = useLingui();
  const area = useArea();
  const batches = useBatches();
  const batchOptions = (batches.data ?? []).map((batch) => ({ value: batch._id, label: batch.name }));
  return (
    <>
      <PageHeader title={t`New online test`} description={t`Saved as a draft: check the paper, then publish it to its batches.`} />
      <StaffTestForm batchOptions={batchOptions} basePath={`${area.path}/online-tests`} />
    </>
  );
}
