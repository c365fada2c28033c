import { useParams } from 'react-router';
import { DetailPage } from '../../../components/detail-page';
import { SUBJECT_FAILURES, useSubject } from '../../../features/subjects/api';
import { SubjectForm } from '../../../features/subjects/components/subject-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const subject = useSubject(id);
  return (
    <DetailPage query={subject} title={t`Edit Subject`} description={(record) => record.name} errorTitle={t`The subject could not be loaded`} errorFallback={SUBJECT_FAILURES.fetch} skeletonHeight={320} maw={640}>
      {(record) => <SubjectForm key={record._id} subject={record} />}
    </DetailPage>
  );
}
