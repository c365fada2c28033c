import { EditPage } from '../../../components/detail-page';
import { STUDENT_FAILURES, useStudent } from '../../../features/students/api';
import { StudentForm } from '../../../features/students/components/student-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  return <EditPage useRecord={useStudent} title={t`Edit Student`} description={(record) => record.name} errorTitle={t`Student could not be loaded`} errorFallback={STUDENT_FAILURES.fetch} skeletonHeight={480} maw={880} form={(record) => <StudentForm student={record} />} />;
}
