import { and, gte, lte } from 'drizzle-orm';
import { WEEKDAYS, type BatchSummary, type Weekday, type WeeklySchedule } from '@academy/shared/schemas/batches';
import type { DbExecutor } from '../../db/client';
import { batches } from '../../db/schema';
import type { Actor } from '../../access/actor';
import { ownBatchesCondition } from '../../access/batches';
import { academyToday, getAcademySettings } from '../settings/settings.service';
import { listBatchSummaries } from './batch-summary.service';

/** The week (mon…sun) of the user's active batches (running today in the academy's time zone). */
export async function weeklySchedule(db: DbExecutor, actor: Actor): Promise<WeeklySchedule> {
  const [condition, today, { timeZone }] = await Promise.all([ownBatchesCondition(actor), academyToday(db), getAcademySettings(db)]);
  const summaries = await listBatchSummaries(db, and(condition, lte(batches.startDate, today), gte(batches.endDate, today)));
  return {
    timeZone,
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

/**
 * A calendar of weekly events, one per batch: DTSTART/DTEND with TZID at the first class date,
 * RRULE weekly on the batch days UNTIL the end of the last class (UTC, as RFC 5545 requires with TZID).
 */
export function buildIcs(summaries: readonly BatchSummary[], options: { timeZone: string; calendarName: string; now?: Date }): string {
  const stamp = utcStamp(options.now ?? new Date());
  const tz = options.timeZone;
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
      `SUMMARY:${escapeIcsText(`${batch.name} (${batch.subject.name})`)}`,
      `DESCRIPTION:${escapeIcsText(`${batch.subject.name}, ${batch.standard.name}\nTeacher: ${batch.teacher.name}\n${batch.scheduleText}`)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}

/** The .ics feed of the user's batches that have not ended yet. */
export async function scheduleIcs(db: DbExecutor, actor: Actor): Promise<string> {
  const [condition, today, settings] = await Promise.all([ownBatchesCondition(actor), academyToday(db), getAcademySettings(db)]);
  const summaries = await listBatchSummaries(db, and(condition, gte(batches.endDate, today)));
  return buildIcs(summaries, { timeZone: settings.timeZone, calendarName: `${settings.name}: classes` });
}
