import { EditPage } from '../../../components/detail-page';
import { STANDARD_FAILURES, useStandard } from '../../../features/standards/api';
import { StandardForm } from '../../../features/standards/components/standard-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  return <EditPage useRecord={useStandard} title={t`Edit Standard`} description={(record) => record.name} errorTitle={t`The standard could not be loaded`} errorFallback={STANDARD_FAILURES.fetch} skeletonHeight={320} maw={640} form={(record) => <StandardForm standard={record} />} />;
}
