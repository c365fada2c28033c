import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { clearSession } from '../features/auth/api';
import { authKeys } from '../lib/session';

/** One retry for a failed query, none when the server said the request itself was wrong (4xx). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  // A 401 from any call means the session ended (expired, or ended elsewhere): forget the user so
  // the guard sends them to /login.
  const onError = (error: unknown, queryKey?: readonly unknown[]) => {
    if (!(error instanceof ApiError) || error.status !== 401) return;
    if (queryKey?.[0] === authKeys.all[0]) return;
    // A restore ends every session: the backup screen, following its job, says so first and then
    // signs out itself (backupKeys.job, not imported: features must not depend on the app shell).
    if (queryKey?.[0] === 'backups' && queryKey[1] === 'job') return;
    if (queryClient.getQueryData(authKeys.session)) clearSession(queryClient);
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => onError(error) }),
    defaultOptions: {
      queries: { retry: shouldRetryQuery, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
