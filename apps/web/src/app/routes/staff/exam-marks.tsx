import { useParams } from 'react-router';
import { ExamMarksScreen } from '../../../features/exams/components/exam-marks-screen';
import { useArea } from '../../area';

/** An exam's marks, for the admin (/app/tests/…) and a teacher (/app/teacher/tests/…): URLs keep "tests" (issue 61). */
export function Component() {
  const { examId = '' } = useParams();
  const area = useArea();
  return <ExamMarksScreen examId={examId} backHref={(batchId) => (batchId ? `${area.path}/batches/${encodeURIComponent(batchId)}/tests` : `${area.path}/batches`)} />;
}
