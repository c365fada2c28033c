import { MyLecturesPage } from '../../../features/lectures/components/lecture-screens';

/** The recorded lectures of the student's batches (issue 75). */
export function Component() {
  return <MyLecturesPage base="/app/student/lectures" audience="student" />;
}
