/**
 * Who is signed in, as every part of the app reads it (the guard, the shell, a feature that shows
 * the user's own name). Here in lib, not in features/auth, because features read it and a feature
 * reaches another only through its api.ts: signing in and out stay in features/auth/api.ts.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { SIGNED_IN_COOKIE } from '@academy/shared/cookies';
import { MESSAGES } from '@academy/shared/messages';
import type { Ability } from '@academy/shared/abilities';
import type { SessionUser } from '@academy/shared/schemas/auth';
import { ApiError, apiRequest, normalizeError } from './api-client';
import { forgetKeptFirstScreens } from './kept-first-screens';
import { toSessionUser } from './session-user';

export const authKeys = {
  all: ['auth'] as const,
  session: ['auth', 'session'] as const,
};

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

export function keepSessionUser(user: SessionUser | null): void {
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

/** The signed-in user, or null (only while the guard is redirecting a visitor away). */
export function useCurrentUser(): SessionUser | null {
  return useSession().user;
}

/**
 * Whether the signed-in person may do this (issue 79, decision 083): the abilities the server sent with
 * the session, computed from its access rules. Screens ask this, never the role (the architecture check
 * refuses a role comparison outside this module); the server still checks every request.
 */
export function useCan(ability: Ability): boolean {
  return useSession().user?.abilities.includes(ability) ?? false;
}

/**
 * Whether the browser's session is `userId`'s. The session cookie is the browser's, not the page's:
 * since this page learnt who is signed in, that session may have ended and someone else may have
 * signed in (in another tab, or on the login screen after it expired).
 */
export async function isSignedIn(userId: string): Promise<boolean> {
  try {
    return (await apiRequest<{ _id: string }>('GET', '/auth/me'))._id === userId;
  } catch {
    return false; // offline or signed out: the entries wait
  }
}
