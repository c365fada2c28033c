import { useParams } from 'react-router';
import { StaffTestDetail } from '../../../features/online-tests/components/staff-test-detail';
import { useArea } from '../../area';

export function Component() {
  const { id = '' } = useParams();
  return <StaffTestDetail key={id} id={id} basePath={`${useArea().path}/online-tests`} />;
}
