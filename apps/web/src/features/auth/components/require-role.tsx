import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import type { Role } from '@academy/shared/roles';
import { decideAccess } from '../access';
import { useSession } from '../../../lib/session';

/**
 * Guards a signed-in area (spec section 4). Visitors go to /login, which remembers where they were
 * going; users of another role go to their own dashboard. After a sign-out nothing is remembered: the
 * next person to sign in on this device starts at their own home, not on the last person's screen.
 */
export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const { user } = useSession();
  const location = useLocation();
  const navigation = useNavigation();
  const decision = decideAccess(user, roles);
  if (decision === 'allow') return <Outlet />;
  // A sign-out is already on its way to /login (features/auth/api.ts, useLogout).
  if (decision === '/login' && navigation.location?.pathname === '/login') return null;
  if (decision === '/login') return <Navigate to="/login" replace state={{ from: location }} />;
  return <Navigate to={decision} replace />;
}
