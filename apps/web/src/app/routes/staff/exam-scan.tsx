import { useParams } from 'react-router';
import { OmrScanScreen } from '../../../features/exams/components/omr-scan-screen';
import { useArea } from '../../area';

/** A test's Scan screen (issue 76): OMR sheets read on the phone, for the admin and a teacher. */
export function Component() {
  const { examId = '' } = useParams();
  const area = useArea();
  return <OmrScanScreen examId={examId} backHref={`${area.path}/tests/${encodeURIComponent(examId)}`} />;
}
