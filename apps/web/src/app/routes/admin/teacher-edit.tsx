import { EditPage } from '../../../components/detail-page';
import { TEACHER_FAILURES, useTeacher } from '../../../features/teachers/api';
import { TeacherForm } from '../../../features/teachers/components/teacher-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  return <EditPage useRecord={useTeacher} title={t`Edit Teacher`} description={(record) => record.name} errorTitle={t`Teacher could not be loaded`} errorFallback={TEACHER_FAILURES.fetch} skeletonHeight={480} maw={880} form={(record) => <TeacherForm teacher={record} />} />;
}
