import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { LOGOUT_POPUPS, MESSAGES } from '@academy/shared/messages';
import type { SessionUser } from '@academy/shared/schemas/auth';
import type { SignInCodeSent } from '@academy/shared/schemas/messaging';
import { ApiError, apiRequest, apiRequestWithMessage, normalizeError } from '../../lib/api-client';
import { removeUserItems } from '../../lib/user-storage';
import { countSignIn } from '../../lib/install-offer';
import { authKeys, keepSessionUser } from '../../lib/session';
import { toSessionUser } from '../../lib/session-user';

/** The credentials sent to the server (already checked and trimmed by the login form). */
export interface Credentials {
  email: string;
  password: string;
}

/** Forgets the signed-in user and every piece of their data held in the cache. */
export function clearSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
  queryClient.setQueryData(authKeys.session, null);
  keepSessionUser(null);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Credentials) => {
      const user = toSessionUser(await apiRequest<unknown>('POST', '/auth/login', credentials));
      if (!user) throw new ApiError(MESSAGES.loginFailed, 200, null);
      return user;
    },
    onSuccess: (user) => {
      keepSessionUser(user);
      queryClient.setQueryData(authKeys.session, user);
      // The second sign-in on a phone brings the offer to add the app (issue 78).
      countSignIn();
    },
    onError: () => clearSession(queryClient),
  });
}

/** A new academy's owner's one-time hand-off from the platform's sign-up (issue 55) becomes a session here. */
export async function handOff(queryClient: QueryClient, token: string): Promise<SessionUser> {
  const user = toSessionUser(await apiRequest<unknown>('POST', '/auth/hand-off', { token }));
  if (!user) throw new ApiError(MESSAGES.loginFailed, 200, null);
  keepSessionUser(user);
  queryClient.setQueryData(authKeys.session, user);
  return user;
}

/**
 * Logs `userId` out; success or failure, the user is forgotten and ends on /login (spec section 4).
 * Their unsent work kept on this device is removed first (lib/user-storage.ts): the next person on a
 * shared phone must not see it, and nothing may be sent for them later (issue 35, finding 9). The
 * profile menu asks before that loses anything.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (userId: string) => {
      removeUserItems(userId);
      return apiRequest<void>('POST', '/auth/logout');
    },
    onSuccess: () => {
      notifications.show({ ...LOGOUT_POPUPS.success, autoClose: LOGOUT_POPUPS.autoCloseMs, color: 'teal' });
    },
    onError: (error) => {
      console.error(normalizeError(error, MESSAGES.logoutFailed).message);
      notifications.show({ ...LOGOUT_POPUPS.failure, autoClose: LOGOUT_POPUPS.autoCloseMs, color: 'red' });
    },
    onSettled: () => {
      clearSession(queryClient);
      // flushSync: the guard of the screen left behind must see this navigation under way when it sees
      // no user, or it sends them to /login remembering that screen (features/auth/components/require-role.tsx).
      void navigate('/login', { replace: true, flushSync: true });
    },
  });
}

/** Asks for a sign-in code by WhatsApp or SMS (issue 37); the answer is the same whether or not the phone is a parent's. */
export function useSendSignInCode() {
  return useMutation({
    mutationFn: (phone: string) => apiRequestWithMessage<SignInCodeSent>('POST', '/auth/sign-in-code', { phone }),
  });
}

/** Signs a parent in with the code sent to their phone: the same session as a password sign-in. */
export function useVerifySignInCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { phone: string; code: string }) => {
      const user = toSessionUser(await apiRequest<unknown>('POST', '/auth/sign-in-code/verify', input));
      if (!user) throw new ApiError(MESSAGES.loginFailed, 200, null);
      return user;
    },
    onSuccess: (user) => {
      keepSessionUser(user);
      countSignIn();
      queryClient.setQueryData(authKeys.session, user);
    },
  });
}
