import { useParams } from 'react-router';
import { DetailPage } from '../../../components/detail-page';
import { TEACHER_FAILURES, useTeacher } from '../../../features/teachers/api';
import { TeacherForm } from '../../../features/teachers/components/teacher-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const teacher = useTeacher(id);
  return (
    <DetailPage query={teacher} title={t`Edit Teacher`} description={(record) => record.name} errorTitle={t`Teacher could not be loaded`} errorFallback={TEACHER_FAILURES.fetch} skeletonHeight={480} maw={880}>
      {(record) => <TeacherForm key={record._id} teacher={record} />}
    </DetailPage>
  );
}
