import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Closure } from '@academy/shared/schemas/announcements';
import { closureOn, WEEKDAYS, type Weekday } from '@academy/shared/schedule';
import type { BatchSummary, WeeklySchedule } from '@academy/shared/schemas/batches';
import { thisAcademy, type DbExecutor } from '../../db/client';
import { attendanceRecords, batches } from '../../db/schema';
import type { Actor } from '../../access/actor';
import { seesTodaysMarks } from '../../access/attendance';
import { ownBatchesCondition } from '../../access/batches';
import { childIdOf } from '../../access/parents';
import { closuresBetween } from '../closures';
import { formatClock, shiftDate } from '@academy/shared/calendar';
import { localNamesIn, type LocalNamesIn } from '@academy/shared/academy-words';
import { word } from '@academy/shared/i18n/server-catalog';
import type { Language } from '@academy/shared/languages';
import { localNamesFor } from '../standards';
import { academyToday, getAcademySettings } from '../../academy-settings';
import { listBatchSummaries } from '../../read-models/batch-summaries';

/** The week (mon…sun) of the user's active batches (running today in the academy's time zone). */
/**
 * A parent's view of one child's week (issue 21): exactly the child's own schedule (running batches,
 * the week's closures). Another family's child answers 404 like a missing one.
 */
export async function childWeeklySchedule(db: DbExecutor, actor: Actor, studentId: string): Promise<WeeklySchedule> {
  return weeklySchedule(db, { userId: actor.userId, role: 'student', studentId: childIdOf(actor, studentId) });
}

export async function weeklySchedule(db: DbExecutor, actor: Actor): Promise<WeeklySchedule> {
  const [condition, today, { timeZone }] = await Promise.all([ownBatchesCondition(actor), academyToday(db), getAcademySettings(db)]);
  const running = and(condition, lte(batches.startDate, today), gte(batches.endDate, today));
  // Three statements side by side: the batches, today's marks of all of them grouped (never one query
  // per batch), and the week's closures.
  const [summaries, marked, closures] = await Promise.all([
    listBatchSummaries(db, running),
    seesTodaysMarks(actor) ? markedOn(db, running, today) : Promise.resolve([]),
    closuresBetween(db, today, shiftDate(today, 7)),
  ]);
  const ids = new Set(summaries.map((batch) => batch._id));
  return {
    timeZone,
    today,
    closures: closures.filter((closure) => closure.batchIds.length === 0 || closure.batchIds.some((id) => ids.has(id))),
    markedToday: marked,
    days: WEEKDAYS.map((day) => ({
      day,
      classes: summaries
        .filter((batch) => batch.schedule.days.includes(day))
        .sort((a, b) => a.schedule.startTime.localeCompare(b.schedule.startTime) || a.name.localeCompare(b.name))
        .map((batch) => ({
          batchId: batch._id,
          batchName: batch.name,
          subject: batch.subject,
          startTime: batch.schedule.startTime,
          endTime: batch.schedule.endTime,
          teacherName: batch.teacher.name,
        })),
    })),
  };
}

/** Per batch (of those matching `where`) marked on `date`: the latest mark's time and the counts. */
async function markedOn(db: DbExecutor, where: SQL | undefined, date: string): Promise<WeeklySchedule['markedToday']> {
  const rows = await db
    .select({
      batchId: attendanceRecords.batchId,
      markedAt: sql<string>`max(${attendanceRecords.markedAt})`,
      inClass: sql<number>`(count(*) filter (where ${attendanceRecords.status} in ('present', 'late')))::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(attendanceRecords)
    .where(and(eq(attendanceRecords.date, date), thisAcademy(attendanceRecords), inArray(attendanceRecords.batchId, db.select({ id: batches.id }).from(batches).where(and(where, thisAcademy(batches))))))
    .groupBy(attendanceRecords.batchId);
  return rows.map((row) => ({ ...row, markedAt: new Date(row.markedAt).toISOString() }));
}

// ---- iCalendar (RFC 5545) ----

const ICS_DAYS: Record<Weekday, string> = { mon: 'MO', tue: 'TU', wed: 'WE', thu: 'TH', fri: 'FR', sat: 'SA', sun: 'SU' };

/** TEXT escaping (RFC 5545 3.3.11): backslash, semicolon, comma, newline. */
export function escapeIcsText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets (never inside a UTF-8 character); continuation lines start with a space. */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? 75 : 74; // continuation lines carry one leading space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const compactDate = (date: string) => date.replace(/-/g, '');
const compactTime = (time: string) => `${time.replace(':', '')}00`;

/** The first date on or after startDate that falls on one of the days. */
export function firstClassDate(startDate: string, days: readonly Weekday[]): string {
  const date = new Date(`${startDate}T00:00:00Z`);
  for (let i = 0; i < 7; i += 1) {
    const weekday = WEEKDAYS[(date.getUTCDay() + 6) % 7]!;
    if (days.includes(weekday)) break;
    date.setUTCDate(date.getUTCDate() + 1);
  }
  return date.toISOString().slice(0, 10);
}

/** The UTC instant of a wall-clock date and time in a time zone. */
export function zonedToUtc(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const offsetAt = (instant: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
        .formatToParts(new Date(instant))
        .map((part) => [part.type, part.value]),
    );
    return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)) - instant;
  };
  let guess = wall - offsetAt(wall);
  guess = wall - offsetAt(guess);
  return new Date(guess);
}

/** The zone's UTC offset at an instant, as iCalendar writes it: '+0530'. */
function icsOffset(timeZone: string, at: Date): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? `${match[1]}${match[2]}${match[3]}` : '+0000';
}

/**
 * RFC 5545 wants a VTIMEZONE for every TZID used. For a zone without daylight saving (India's) one
 * STANDARD block says it all; for a zone with it we leave the block out, as clients resolve IANA
 * names themselves and a wrong rule would be worse than none.
 */
export function vtimezoneLines(timeZone: string, now = new Date()): string[] {
  const year = now.getUTCFullYear();
  const winter = icsOffset(timeZone, new Date(Date.UTC(year, 0, 15)));
  const summer = icsOffset(timeZone, new Date(Date.UTC(year, 6, 15)));
  if (winter !== summer) return [];
  return ['BEGIN:VTIMEZONE', `TZID:${timeZone}`, 'BEGIN:STANDARD', 'DTSTART:19700101T000000', `TZOFFSETFROM:${winter}`, `TZOFFSETTO:${winter}`, 'END:STANDARD', 'END:VTIMEZONE'];
}

const utcStamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** The batch's class dates that a closure cancels (each one an EXDATE of its weekly event). */
export function closedClassDates(batch: Pick<BatchSummary, '_id' | 'startDate' | 'endDate' | 'schedule'>, closures: readonly Closure[]): string[] {
  const dates = new Set<string>();
  for (const closure of closures) {
    if (!closureOn([closure], batch._id, closure.startDate)) continue; // not for this batch
    const from = [closure.startDate, batch.startDate].sort().at(-1)!;
    const to = [closure.endDate, batch.endDate].sort()[0]!;
    for (let date = from; date <= to; date = shiftDate(date, 1)) {
      const weekday = WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
      if (batch.schedule.days.includes(weekday)) dates.add(date);
    }
  }
  return [...dates].sort();
}

/**
 * A calendar of weekly events, one per batch: DTSTART/DTEND with TZID at the first class date,
 * RRULE weekly on the batch days UNTIL the end of the last class (UTC, as RFC 5545 requires with TZID),
 * and an EXDATE for each class a closure cancels.
 */
export function buildIcs(
  summaries: readonly BatchSummary[],
  options: { timeZone: string; calendarName: string; now?: Date; closures?: readonly Closure[]; language?: Language; names?: LocalNamesIn },
): string {
  const stamp = utcStamp(options.now ?? new Date());
  const tz = options.timeZone;
  // The words in the owner's language (issue 53): the server catalog's, and the office's names of
  // standards and subjects in that language; LANGUAGE tells the calendar which (RFC 5545 3.2.10).
  const language = options.language ?? 'en';
  const names = options.names ?? localNamesIn(undefined, language);
  const inLanguage = `;LANGUAGE=${language}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Academy//Class schedule//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeIcsText(options.calendarName)}`,
    `X-WR-TIMEZONE:${tz}`,
    ...vtimezoneLines(tz, options.now),
  ];
  for (const batch of summaries) {
    const first = firstClassDate(batch.startDate, batch.schedule.days);
    if (first > batch.endDate) continue;
    const until = utcStamp(zonedToUtc(batch.endDate, batch.schedule.endTime, tz));
    const days = [...batch.schedule.days].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b)).map((day) => ICS_DAYS[day]);
    lines.push(
      'BEGIN:VEVENT',
      `UID:batch-${batch._id}@academy`,
      `DTSTAMP:${stamp}`,
      `DTSTART;TZID=${tz}:${compactDate(first)}T${compactTime(batch.schedule.startTime)}`,
      `DTEND;TZID=${tz}:${compactDate(first)}T${compactTime(batch.schedule.endTime)}`,
      `RRULE:FREQ=WEEKLY;BYDAY=${days.join(',')};UNTIL=${until}`,
      ...closedClassDates(batch, options.closures ?? []).map((date) => `EXDATE;TZID=${tz}:${compactDate(date)}T${compactTime(batch.schedule.startTime)}`),
      `SUMMARY${inLanguage}:${escapeIcsText(`${batch.name} (${names.subject(batch.subject)})`)}`,
      `DESCRIPTION${inLanguage}:${escapeIcsText(`${names.subject(batch.subject)}, ${names.standard(batch.standard)}\n${word('calendar', 'Teacher: {name}', language, { name: batch.teacher.name })}\n${scheduleWords(batch.schedule, language)}`)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}

/** "Mon, Wed · 7:00 AM – 8:30 AM" with the days in the reader's words: a schedule in the reader's language (the clock as every screen writes it). */
function scheduleWords(schedule: BatchSummary['schedule'], language: Language): string {
  const days = [...schedule.days].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b)).map((day) => word('calendar', ICS_DAY_WORDS[day], language));
  return `${days.join(', ')} · ${formatClock(schedule.startTime)} – ${formatClock(schedule.endTime)}`;
}
const ICS_DAY_WORDS = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' } as const satisfies Record<Weekday, string>;

/** The .ics feed of the user's batches that have not ended yet, in `language` (the owner's). */
export async function scheduleIcs(db: DbExecutor, actor: Actor, language: Language = 'en'): Promise<string> {
  const [condition, today, settings, names] = await Promise.all([ownBatchesCondition(actor), academyToday(db), getAcademySettings(db), localNamesFor(db, language)]);
  const [summaries, closures] = await Promise.all([listBatchSummaries(db, and(condition, gte(batches.endDate, today))), closuresBetween(db, today, '9999-12-31')]);
  return buildIcs(summaries, { timeZone: settings.timeZone, calendarName: word('calendar', '{academy}: classes', language, { academy: settings.name }), closures, language, names });
}
