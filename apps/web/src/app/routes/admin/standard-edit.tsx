import { useParams } from 'react-router';
import { DetailPage } from '../../../components/detail-page';
import { STANDARD_FAILURES, useStandard } from '../../../features/standards/api';
import { StandardForm } from '../../../features/standards/components/standard-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const standard = useStandard(id);
  return (
    <DetailPage query={standard} title={t`Edit Standard`} description={(record) => record.name} errorTitle={t`The standard could not be loaded`} errorFallback={STANDARD_FAILURES.fetch} skeletonHeight={320} maw={640}>
      {(record) => <StandardForm key={record._id} standard={record} />}
    </DetailPage>
  );
}
