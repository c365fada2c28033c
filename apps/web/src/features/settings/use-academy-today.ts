import { todayIn } from '@academy/shared/calendar';
import { DEFAULT_TIME_ZONE } from '@academy/shared/schedule';
import { usePublicSettings } from './api';

/**
 * Today ('YYYY-MM-DD') where the academy is (its time zone setting), the one "today" of every screen:
 * a phone in another zone, or the browser's own clock, must not move a date field or a rule by a day.
 * Until the settings arrive, the default zone (the academy's, Asia/Kolkata).
 */
export function useAcademyToday(): string {
  const settings = usePublicSettings();
  return todayIn(settings.data?.timeZone ?? DEFAULT_TIME_ZONE);
}
