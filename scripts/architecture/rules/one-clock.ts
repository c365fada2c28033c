import type { Rule, Violation } from '../rule';
import type { SourceTree } from '../source-tree';

/**
 * One clock (issue 79): "today" is the academy's, in its time zone, said one way on each side —
 * `academyToday` / `academyTodaySql` / `academyDayStartSql` in the API, `useAcademyToday` (and
 * `academyTodayIn` for the server's first screens) in the web. Reported anywhere in the API's, the web's
 * and the shared package's sources:
 * - a UTC date cut from the clock (`new Date().toISOString().slice(0, 10)` and its spellings): for five
 *   and a half hours of every Indian morning it is yesterday;
 * - the device's clock read as a date in the web (`new Date().getFullYear()`, `.getDate()`,
 *   `.toLocaleDateString()` …): a phone set to another zone or a wrong date moves the day;
 * - `todayIn(` outside the files that define the one "today" (ALLOWED_TODAY_IN says where and why);
 * - a hand-written "start of the day in the zone" (`::timestamp at time zone`) outside db/academy-today.ts.
 */

const UTC_DATE_OF_NOW = /new Date\(\)\s*\.toISOString\(\)\s*\.(?:slice\(\s*0\s*,\s*10\s*\)|substring\(\s*0\s*,\s*10\s*\)|substr\(\s*0\s*,\s*10\s*\)|split\(\s*['"]T['"]\s*\))/g;
const DEVICE_DATE = /new Date\(\)\s*\.(?:getFullYear|getMonth|getDate|getDay|setDate|setHours|toLocaleDateString|toDateString)\(/g;
const TODAY_IN = /\btodayIn\(/g;
const DAY_START_SQL = /::timestamp\s+at\s+time\s+zone/gi;

/** Files that may call `todayIn` themselves, each with why (paths relative to the repository). */
export const ALLOWED_TODAY_IN: Record<string, string> = {
  'apps/api/src/academy-settings/academy-settings.ts': 'defines academyToday',
  'apps/web/src/lib/use-academy-today.ts': 'defines useAcademyToday and academyTodayIn',
  // Saving a lock date checks it against "today" in the time zone being saved with it, not the stored one.
  'apps/api/src/modules/settings/settings.service.ts': 'the time zone being saved',
  'packages/shared/src/calendar.ts': 'defines todayIn',
};

const DAY_START_HOME = 'apps/api/src/db/academy-today.ts';

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

export function checkOneClock(trees: SourceTree[]): Violation[] {
  const violations: Violation[] = [];
  for (const tree of trees) {
    const web = tree.root.startsWith('apps/web');
    for (const file of tree.files.values()) {
      const report = (pattern: RegExp, message: string) => {
        for (const match of file.text.matchAll(pattern)) violations.push({ file: `${file.path}:${lineOf(file.text, match.index)}`, message });
      };
      report(UTC_DATE_OF_NOW, "a UTC date cut from the clock is yesterday for 5½ hours of an Indian morning: use academyToday (API) or useAcademyToday (web)");
      if (web) report(DEVICE_DATE, "reads this device's clock as a date: use useAcademyToday (the academy's day, the same on every phone)");
      if (!(file.path in ALLOWED_TODAY_IN)) report(TODAY_IN, 'todayIn outside the one "today": use academyToday / useAcademyToday (or add the file to ALLOWED_TODAY_IN with why)');
      if (file.path !== DAY_START_HOME) report(DAY_START_SQL, 'a hand-written start of the day in the zone: use academyDayStartSql (db/academy-today.ts)');
    }
  }
  return violations;
}

export const rule: Rule = {
  name: 'one-clock',
  says: 'today is the academy\'s: no UTC date of the clock, no device date in the web, todayIn and the day\'s start in SQL only where the one "today" is defined',
  check: ({ api, web, shared }) => checkOneClock(shared ? [api, web, shared] : [api, web]),
};
