import { LecturePage } from '../../../features/lectures/components/lecture-screens';

/** One recorded lecture's player (issue 75). */
export function Component() {
  return <LecturePage base="/app/parent/lectures" reportProgress={false} />;
}
