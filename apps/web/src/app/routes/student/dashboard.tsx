import { PageHeader } from '../../../components/ui/page-header';
import { useCurrentUser } from '../../../features/auth/use-current-user';

export function Component() {
  const user = useCurrentUser();
  return <PageHeader title="Dashboard" description={user ? `Welcome, ${user.name}` : undefined} />;
}
