import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicAcademySettings } from '@academy/shared/schemas/settings';
import { localNamesIn, type LocalNamesIn } from '@academy/shared/academy-words';
import { apiRequest } from './api-client';
import type { Language } from '@academy/shared/languages';
import { useLanguage } from './language';

/**
 * The academy's public details (GET /api/settings/public): every page reads them (the footer, the
 * signed-in shell's header), the server renders them into the first screens, and they change rarely.
 * Here in lib because every feature names standards and subjects by them (useLocalNames).
 */
export const publicSettingsQueryOptions = queryOptions({
  queryKey: ['settings', 'public'] as const,
  queryFn: ({ signal }) => apiRequest<PublicAcademySettings>('GET', '/settings/public', undefined, { signal }),
  staleTime: 5 * 60_000,
});

const selectLocalNames = (settings: PublicAcademySettings) => settings.localNames;

/**
 * Standards and subjects by the names the reader reads (issue 42): `names.standard(batch.standard)`
 * is "इयत्ता १० वी" in Marathi where the office wrote it in Settings, else the English name. Costs no
 * request: the public settings are already on every screen.
 */
export function useLocalNames(): LocalNamesIn {
  const language = useLanguage();
  const { data } = useQuery({ ...publicSettingsQueryOptions, select: selectLocalNames });
  return localNamesIn(data, language);
}

const selectAcademyLanguage = (settings: PublicAcademySettings) => settings.language ?? null;

/**
 * The academy's own language (issue 73), the default of the office's forms for a new account (a teacher
 * in a Marathi academy reads Marathi unless the office says otherwise); English until it is known.
 */
export function useAcademyLanguage(): Language {
  const { data } = useQuery({ ...publicSettingsQueryOptions, select: selectAcademyLanguage });
  return data ?? 'en';
}
