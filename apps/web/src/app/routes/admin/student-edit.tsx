import { useParams } from 'react-router';
import { DetailPage } from '../../../components/detail-page';
import { STUDENT_FAILURES, useStudent } from '../../../features/students/api';
import { StudentForm } from '../../../features/students/components/student-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const student = useStudent(id);
  return (
    <DetailPage query={student} title={t`Edit Student`} description={(record) => record.name} errorTitle={t`Student could not be loaded`} errorFallback={STUDENT_FAILURES.fetch} skeletonHeight={480} maw={880}>
      {(record) => <StudentForm key={record._id} student={record} />}
    </DetailPage>
  );
}
