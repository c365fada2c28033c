import type { SessionUser } from '@academy/shared/schemas/auth';
import { useSession } from './api';

/** The signed-in user, or null (only while the guard is redirecting a visitor away). */
export function useCurrentUser(): SessionUser | null {
  return useSession().user;
}
