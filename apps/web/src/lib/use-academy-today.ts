import { useQuery } from '@tanstack/react-query';
import { todayIn } from '@academy/shared/calendar';
import { DEFAULT_TIME_ZONE } from '@academy/shared/schedule';
import type { PublicAcademySettings } from '@academy/shared/schemas/settings';
import { publicSettingsQueryOptions } from './public-settings';

const selectTimeZone = (settings: PublicAcademySettings) => settings.timeZone;

/**
 * Today ('YYYY-MM-DD') where the academy is (its time zone setting), the one "today" of every screen:
 * a phone in another zone, or the browser's own clock, must not move a date field or a rule by a day.
 * Until the settings arrive, the default zone (the academy's, Asia/Kolkata). In lib because most
 * features ask for it; it reads the same public settings query as features/settings/api.ts.
 */
export function useAcademyToday(): string {
  const { data: timeZone } = useQuery({ ...publicSettingsQueryOptions, select: selectTimeZone });
  return academyTodayIn(timeZone);
}

/** The same day outside React (the server's first screens): the academy's zone, else the default one. */
export function academyTodayIn(timeZone: string | undefined): string {
  return todayIn(timeZone ?? DEFAULT_TIME_ZONE);
}
