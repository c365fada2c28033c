import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { Language } from '@academy/shared/languages';
import { apiRequest } from '../../lib/api-client';
import { setLanguage } from '../../lib/language';
import { authKeys, useCurrentUser } from '../../lib/session';
import { toSessionUser } from '../../lib/session-user';
import { isAppPath, localizedPath } from '../../lib/language-path';

/**
 * What the language switch does: the texts change, a public page moves to its address in that
 * language (`/courses` → `/mr/courses`), and a signed-in person's choice is kept on their account.
 */
export function useChangeLanguage(): (language: Language) => Promise<void> {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  return async (language) => {
    await setLanguage(language);
    if (!isAppPath(location.pathname)) {
      void navigate(`${localizedPath(location.pathname, language)}${location.search}${location.hash}`);
    }
    if (user && user.language !== language) {
      try {
        const saved = toSessionUser(await apiRequest<unknown>('PUT', '/auth/language', { language }));
        if (saved) queryClient.setQueryData(authKeys.session, saved);
      } catch (error) {
        // The page is in the new language already; the account keeps the old one until the next switch.
        console.warn('The language could not be saved to the account', error);
      }
    }
  };
}
