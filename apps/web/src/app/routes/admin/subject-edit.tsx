import { EditPage } from '../../../components/detail-page';
import { SUBJECT_FAILURES, useSubject } from '../../../features/subjects/api';
import { SubjectForm } from '../../../features/subjects/components/subject-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  return <EditPage useRecord={useSubject} title={t`Edit Subject`} description={(record) => record.name} errorTitle={t`The subject could not be loaded`} errorFallback={SUBJECT_FAILURES.fetch} skeletonHeight={320} maw={640} form={(record) => <SubjectForm subject={record} />} />;
}
