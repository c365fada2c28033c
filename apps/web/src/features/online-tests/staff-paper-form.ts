import { MARKING_PRESETS, type OnlineTest, type OnlineTestInput, type QuestionDifficulty } from '@academy/shared/schemas/online-tests';

/*
 * The paper form's values and what it sends (pure, so they are tested without a browser): the marking
 * presets, the opening and closing times as the picker gives them, and the body of POST/PUT
 * /api/online-tests. Field names are the body's, so the server's `errors` land on their fields.
 */

export type MarkingPresetKey = keyof typeof MARKING_PRESETS;
export type MarkingPreset = MarkingPresetKey | 'custom';
export const MARKING_PRESET_KEYS = Object.keys(MARKING_PRESETS) as MarkingPresetKey[];

/** A number field's value: a number, '' while empty, or text being typed ('-'). */
type NumberValue = number | string;

export interface MarkingValues {
  correct: NumberValue;
  wrong: NumberValue;
  unanswered: NumberValue;
}

export interface BlueprintRowValues {
  /** The chapter's subject ('' until a chapter is chosen). */
  subject: string;
  chapter: string;
  /** 'any': the chapter's questions of every difficulty. */
  difficulty: QuestionDifficulty | 'any';
  count: NumberValue;
}

export type QuestionMode = 'choose' | 'blueprint';

export interface PaperFormValues {
  title: string;
  batches: string[];
  /** As the date-and-time picker gives it: 'YYYY-MM-DD HH:mm:ss' on the reader's clock, '' when empty. */
  opensAt: string;
  closesAt: string;
  /** When students see their results; '' (the default): at the closing. */
  resultsAt: string;
  durationMinutes: NumberValue;
  preset: MarkingPreset;
  marking: MarkingValues;
  shuffle: boolean;
  mode: QuestionMode;
  questions: string[];
  blueprint: BlueprintRowValues[];
}

/**
 * Which preset a marking is, 'custom' when none. JEE Main and NEET mark alike (+4, −1, 0): a title
 * naming one of them decides, else JEE Main (the first).
 */
export function presetOf(marking: MarkingValues, title = ''): MarkingPreset {
  const matching = MARKING_PRESET_KEYS.filter((key) => {
    const preset = MARKING_PRESETS[key];
    return preset.correct === marking.correct && preset.wrong === marking.wrong && preset.unanswered === marking.unanswered;
  });
  if (matching.length === 0) return 'custom';
  if (matching.includes('neet') && /\bneet\b/i.test(title)) return 'neet';
  return matching[0]!;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A picker's 'YYYY-MM-DD HH:mm:ss' on this device's clock as the instant the API takes (ISO, UTC); ''
 * when empty or unreadable (the schema then says to give a date and time). The device's clock is the
 * one every screen shows times in (lib/format-date.ts): in the academy, India's.
 */
export function wallClockToIso(value: string): string {
  const parts = WALL_CLOCK.exec(value.trim());
  if (!parts) return '';
  const [year, month, day, hours, minutes, seconds = 0] = parts.slice(1).map((part) => Number(part ?? 0)) as number[];
  const instant = new Date(year!, month! - 1, day, hours, minutes, seconds);
  // new Date rolls 31-02 over to March: such a day is not the one chosen.
  if (Number.isNaN(instant.getTime()) || instant.getDate() !== day || instant.getMonth() !== month! - 1) return '';
  return instant.toISOString();
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant from the API as the picker's 'YYYY-MM-DD HH:mm:ss' on this device's clock. */
export function isoToWallClock(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())} ${pad(instant.getHours())}:${pad(instant.getMinutes())}:${pad(instant.getSeconds())}`;
}

/** A new paper's window: tomorrow from 9:00 AM to 9:00 PM, a day's practice. */
export function defaultWindow(now: Date): { opensAt: string; closesAt: string } {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const date = `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
  return { opensAt: `${date} 09:00:00`, closesAt: `${date} 21:00:00` };
}

export const EMPTY_BLUEPRINT_ROW: BlueprintRowValues = { subject: '', chapter: '', difficulty: 'any', count: 5 };

/** The form's first values: a new JEE-style paper, or the draft being edited (its questions chosen, whatever picked them). */
export function paperFormValues(test: OnlineTest | undefined, now: Date): PaperFormValues {
  if (!test) {
    return {
      title: '',
      batches: [],
      ...defaultWindow(now),
      resultsAt: '',
      durationMinutes: 60,
      preset: 'jee-main',
      marking: { ...MARKING_PRESETS['jee-main'] },
      shuffle: true,
      mode: 'choose',
      questions: [],
      blueprint: [{ ...EMPTY_BLUEPRINT_ROW }],
    };
  }
  return {
    title: test.title,
    batches: test.batches.map((batch) => batch._id),
    opensAt: isoToWallClock(test.opensAt),
    closesAt: isoToWallClock(test.closesAt),
    resultsAt: test.resultsAt ? isoToWallClock(test.resultsAt) : '',
    durationMinutes: test.durationMinutes,
    preset: presetOf(test.marking, test.title),
    marking: { ...test.marking },
    shuffle: test.shuffle,
    mode: 'choose',
    questions: test.sections.flatMap((section) => section.questions.map((question) => question._id)),
    blueprint: [{ ...EMPTY_BLUEPRINT_ROW }],
  };
}

/** Empty: left out, so the schema says it is missing; text that is no number: NaN, which the schema refuses in its words. */
const numberOrNothing = (value: NumberValue) => (typeof value === 'number' ? value : value.trim() === '' ? undefined : Number(value));

/** The body of POST/PUT /api/online-tests: the chosen questions or the blueprint, never both. Empty numbers are left out, so the schema names them. */
export function toOnlineTestInput(values: PaperFormValues): OnlineTestInput {
  const marking = { correct: numberOrNothing(values.marking.correct), wrong: numberOrNothing(values.marking.wrong), unanswered: numberOrNothing(values.marking.unanswered) };
  return {
    title: values.title,
    batches: values.batches,
    opensAt: wallClockToIso(values.opensAt),
    closesAt: wallClockToIso(values.closesAt),
    resultsAt: values.resultsAt.trim() === '' ? null : wallClockToIso(values.resultsAt),
    durationMinutes: numberOrNothing(values.durationMinutes) as number,
    marking: marking as OnlineTestInput['marking'],
    shuffle: values.shuffle,
    ...(values.mode === 'choose'
      ? { questions: values.questions }
      : {
          blueprint: values.blueprint.map((row) => ({
            ...(row.subject ? { subject: row.subject } : {}),
            chapter: row.chapter,
            ...(row.difficulty === 'any' ? {} : { difficulty: row.difficulty }),
            count: numberOrNothing(row.count) as number,
          })),
        }),
  };
}

/** How many questions the paper will have and its maximum marks, as the form stands. */
export function paperSize(values: PaperFormValues): { questions: number; maxMarks: number } {
  const questions = values.mode === 'choose' ? values.questions.length : values.blueprint.reduce((sum, row) => sum + (typeof row.count === 'number' && row.count > 0 ? row.count : 0), 0);
  const correct = typeof values.marking.correct === 'number' ? values.marking.correct : 0;
  return { questions, maxMarks: questions * correct };
}
