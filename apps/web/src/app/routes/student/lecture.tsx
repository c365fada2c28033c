import { LecturePage } from '../../../features/lectures/components/lecture-screens';

/** One recorded lecture's player (issue 75): the student's progress is kept to resume from. */
export function Component() {
  return <LecturePage base="/app/student/lectures" reportProgress={true} />;
}
