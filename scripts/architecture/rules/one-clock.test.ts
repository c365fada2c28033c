import { describe, expect, it } from 'vitest';
import { sourceTreeOf } from '../source-tree';
import { checkOneClock } from './one-clock';

const api = (files: Record<string, string>) => sourceTreeOf('apps/api/src', files);
const web = (files: Record<string, string>) => sourceTreeOf('apps/web/src', files);
const shared = (files: Record<string, string>) => sourceTreeOf('packages/shared/src', files);
const found = (...trees: ReturnType<typeof api>[]) => checkOneClock(trees).map((violation) => `${violation.file} ${violation.message.split(':')[0]}`);

describe('one-clock', () => {
  it('reports a UTC date cut from the clock, in every spelling and every tree', () => {
    expect(
      found(
        api({ 'apps/api/src/modules/a/a.service.ts': "const a = new Date().toISOString().slice(0, 10);\nconst b = new Date().toISOString().split('T')[0];" }),
        shared({ 'packages/shared/src/schemas/x.ts': 'const c = new Date().toISOString().substring(0, 10);' }),
      ),
    ).toEqual([
      'apps/api/src/modules/a/a.service.ts:1 a UTC date cut from the clock is yesterday for 5½ hours of an Indian morning',
      'apps/api/src/modules/a/a.service.ts:2 a UTC date cut from the clock is yesterday for 5½ hours of an Indian morning',
      'packages/shared/src/schemas/x.ts:1 a UTC date cut from the clock is yesterday for 5½ hours of an Indian morning',
    ]);
  });

  it("reports the device's clock read as a date in the web, not a stored instant or an API timestamp", () => {
    expect(
      found(
        web({ 'apps/web/src/a.tsx': 'const y = new Date().getFullYear();\nconst d = new Date(row.at).getDate();\nconst s = new Date().toISOString();' }),
        api({ 'apps/api/src/b.ts': 'const y = new Date().getFullYear();' }),
      ),
    ).toEqual(["apps/web/src/a.tsx:1 reads this device's clock as a date"]);
  });

  it('reports todayIn outside the one "today", and a hand-written start of the day in SQL outside db/academy-today.ts', () => {
    expect(
      found(
        api({
          'apps/api/src/modules/fees/x.service.ts': 'const t = todayIn(settings.timeZone);\nconst q = sql`(${day}::date)::timestamp at time zone ${zone}`;',
          'apps/api/src/academy-settings/academy-settings.ts': 'return todayIn(timeZone, now);',
          'apps/api/src/db/academy-today.ts': 'sql`((${day})::date::timestamp at time zone ${timeZone})`',
        }),
      ),
    ).toEqual([
      'apps/api/src/modules/fees/x.service.ts:1 todayIn outside the one "today"',
      'apps/api/src/modules/fees/x.service.ts:2 a hand-written start of the day in the zone',
    ]);
  });
});
