import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { SIGNED_IN_COOKIE } from '@academy/shared/cookies';
import { LOGOUT_POPUPS, MESSAGES } from '@academy/shared/messages';
import type { SessionUser } from '@academy/shared/schemas/auth';
import type { SignInCodeSent } from '@academy/shared/schemas/messaging';
import { ApiError, apiRequest, apiRequestWithMessage, normalizeError } from '../../lib/api-client';
import { removeUserItems } from '../../lib/user-storage';
import { forgetKeptFirstScreens } from '../../lib/kept-first-screens';
import { toSessionUser } from './session-user';

export const authKeys = {
  all: ['auth'] as const,
  session: ['auth', 'session'] as const,
};

/** The credentials sent to the server (already checked and trimmed by the login form). */
export interface Credentials {
  email: string;
  password: string;
}

/** Whether this browser holds the server's signed-in cookie, set and cleared with the session (@academy/shared/cookies). */
function hasSignedInCookie(): boolean {
  return document.cookie.split(';').some((pair) => pair.trim().startsWith(`${SIGNED_IN_COOKIE}=`));
}

/**
 * The signed-in user as the server last confirmed them, kept on this device (a device's item, not a
 * person's unsent work: lib/user-storage.ts counts only that). Read only when the session check gets no
 * answer at all (offline): a student who reloads a test on a dropped connection stays in the app
 * instead of landing on the login page (issue 54). The server still decides everything once online;
 * sign-out and a 401 remove it.
 */
const KEPT_USER = 'academy.session-user';

function keepSessionUser(user: SessionUser | null): void {
  // Another person, or nobody: the first screens kept for the last one go (issue 56).
  if (user?._id !== keptSessionUser()?._id) forgetKeptFirstScreens();
  try {
    if (user) localStorage.setItem(KEPT_USER, JSON.stringify(user));
    else localStorage.removeItem(KEPT_USER);
  } catch {
    // Private mode or a blocked storage: offline, this device then signs in again.
  }
}

function keptSessionUser(): SessionUser | null {
  try {
    return toSessionUser(JSON.parse(localStorage.getItem(KEPT_USER) ?? 'null'));
  } catch {
    return null;
  }
}

/**
 * Asks the server who is signed in. Never throws: a refused check (401) means "not signed in".
 * Without the signed-in cookie there is no session to ask about, and a visitor's page does not wait a
 * round trip for the answer (issue 17). The signed-in areas ask anyway: a session from before that
 * cookie existed gets it with this answer. No answer at all (offline) is not a sign-out: with the
 * signed-in cookie, the user the server last confirmed on this device stays signed in (issue 54).
 * A departure from spec section 4 ("failed session check clears the user"), docs/decisions/051.
 */
async function fetchSessionUser(): Promise<SessionUser | null> {
  if (!hasSignedInCookie() && !window.location.pathname.startsWith('/app')) return null;
  try {
    const user = toSessionUser(await apiRequest<unknown>('GET', '/auth/me'));
    keepSessionUser(user);
    return user;
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    if (status === 0 && hasSignedInCookie()) {
      const kept = keptSessionUser();
      if (kept) return kept;
    }
    if (status === 401) keepSessionUser(null);
    else console.warn(normalizeError(error, MESSAGES.authCheckFailed).message);
    return null;
  }
}

/** The session is checked once at start-up; afterwards only login, logout and 401 answers change it. */
export const sessionQueryOptions = queryOptions({
  queryKey: authKeys.session,
  queryFn: fetchSessionUser,
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
  refetchOnMount: false,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});

export type SessionState =
  | { status: 'unknown'; user: null }
  | { status: 'authenticated'; user: SessionUser }
  | { status: 'unauthenticated'; user: null };

export function useSession(): SessionState {
  const { data, isPending } = useQuery(sessionQueryOptions);
  if (isPending) return { status: 'unknown', user: null };
  return data ? { status: 'authenticated', user: data } : { status: 'unauthenticated', user: null };
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
      queryClient.setQueryData(authKeys.session, user);
    },
  });
}
