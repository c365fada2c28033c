import { Navigate, Outlet, useLocation } from 'react-router';
import type { Role } from '@academy/shared/roles';
import { decideAccess } from '../access';
import { useSession } from '../api';

/**
 * Guards a signed-in area (spec section 4). Visitors go to /login, which remembers where they were
 * going; users of another role go to their own dashboard.
 */
export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const { user } = useSession();
  const location = useLocation();
  const decision = decideAccess(user, roles);
  if (decision === 'allow') return <Outlet />;
  if (decision === '/login') return <Navigate to="/login" replace state={{ from: location }} />;
  return <Navigate to={decision} replace />;
}
