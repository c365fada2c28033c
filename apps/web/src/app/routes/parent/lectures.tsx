import { MyLecturesPage } from '../../../features/lectures/components/lecture-screens';

/** The recorded lectures of the parent's batches (issue 75). */
export function Component() {
  return <MyLecturesPage base="/app/parent/lectures" audience="parent" />;
}
