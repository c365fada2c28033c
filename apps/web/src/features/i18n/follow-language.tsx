import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { currentLanguage, setLanguage } from '../../lib/language';
import { useCurrentUser } from '../../lib/session';
import { languageOfPath } from '../../lib/language-path';

/** Public pages: the address names the language (`/mr/...`), also after Back and Forward. */
export function FollowAddressLanguage() {
  const { pathname } = useLocation();
  const language = languageOfPath(pathname) ?? 'en';
  useEffect(() => {
    if (language !== currentLanguage()) void setLanguage(language);
  }, [language]);
  return null;
}

/** Signed-in areas: the person's own language (signing in switches to it). */
export function FollowUserLanguage() {
  const language = useCurrentUser()?.language;
  useEffect(() => {
    if (language && language !== currentLanguage()) void setLanguage(language);
  }, [language]);
  return null;
}
