import { useParams } from 'react-router';
import { StaffTestDetail } from '../../../../features/online-tests/components/staff-test-detail';

export function Component() {
  const { id = '' } = useParams();
  return <StaffTestDetail key={id} id={id} basePath="/app/teacher/online-tests" />;
}
