import { FamilyHomeworkDetail } from '../../../features/homework/components/family-homework-detail';

/** One of a child's homework for their parent, at its own address (issue 73): what was set, its sheets and photos (full screen on a tap). */
export function Component() {
  return <FamilyHomeworkDetail listPath="/app/parent/homework" />;
}
