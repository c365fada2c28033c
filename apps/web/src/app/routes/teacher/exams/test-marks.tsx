import { useParams } from 'react-router';
import { TestMarksScreen } from '../../../../features/exams/components/test-marks-screen';

export function Component() {
  const { testId = '' } = useParams();
  return <TestMarksScreen testId={testId} backHref={(batchId) => (batchId ? `/app/teacher/batches/${encodeURIComponent(batchId)}/tests` : '/app/teacher/batches')} />;
}
