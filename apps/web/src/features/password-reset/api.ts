import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@academy/shared/messages';
import { apiRequestWithMessage } from '../../lib/api-client';
import { authKeys, keepSessionUser } from '../../lib/session';
import { toSessionUser } from '../../lib/session-user';
import { getQueryOptions } from '../../lib/get-query-options';

export const passwordResetKeys = {
  all: ['password-reset'] as const,
  token: (token: string) => ['password-reset', 'token', token] as const,
};

/** Whose link it is (the email partly hidden) and, for a new account's first password, `welcome`. */
export interface ResetLinkInfo {
  email: string;
  purpose?: 'reset' | 'welcome';
}

/** Checks a reset link before showing the form. Any failure means the link cannot be used. */
export function resetTokenQueryOptions(token: string) {
  return getQueryOptions<ResetLinkInfo>(passwordResetKeys.token(token), `/auth/validate-reset-token/${encodeURIComponent(token)}`, {
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useResetToken(token: string) {
  return useQuery(resetTokenQueryOptions(token));
}

/** Asks for a reset link; resolves with the server's answer, the same whether or not the account exists. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: async (email: string) => (await apiRequestWithMessage<void>('POST', '/auth/forgot-password', { email })).message ?? MESSAGES.forgotPasswordSent,
  });
}

/**
 * Sets the new password. A new account's invitation (issue 73) comes back signed in: the session is
 * kept as a sign-in keeps it, and `user` tells the form to go to their dashboard.
 */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { token: string; password: string }) => {
      const result = await apiRequestWithMessage<unknown>('POST', '/auth/reset-password', input);
      return { message: result.message ?? MESSAGES.passwordResetDone, user: toSessionUser(result.data) };
    },
    onSuccess: ({ user }) => {
      if (!user) return;
      keepSessionUser(user);
      queryClient.setQueryData(authKeys.session, user);
    },
  });
}
