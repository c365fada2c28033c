import type { Attempt, SavedAnswer } from '@academy/shared/schemas/online-tests';
import { readUserItem, removeUserItem, writeUserItem } from '../../lib/user-storage';

/*
 * A student's answers during an online test, on the phone (issue 40). Every change is kept here at
 * once (localStorage, under the student's own key: lib/user-storage.ts) and sent when it can be: a
 * dropped connection or a reload loses nothing, and the server keeps the newest revision of each answer.
 * Pure functions over a plain object, so the rules are tested without a browser.
 */

export type LocalAnswer = {
  choice: string[];
  value: number | null;
  markedForReview: boolean;
  timeSpentSeconds: number;
  /** Grows with each change of this answer; the server ignores an older one arriving late. */
  revision: number;
  /** The question was opened (the palette's "not visited" is the others). */
  visited: boolean;
};

export type AttemptDraft = {
  answers: Record<string, LocalAnswer>;
  /** Questions whose newest revision the server has not confirmed. */
  unsent: string[];
  /** The question on screen (its index): a reload, online or not, opens it again (issue 54). */
  current?: number;
};

export const EMPTY_ANSWER: LocalAnswer = { choice: [], value: null, markedForReview: false, timeSpentSeconds: 0, revision: 0, visited: false };

/**
 * The draft to resume with: the server's answers, and the phone's where the phone has a newer revision.
 * Unsent: what the phone never had confirmed, and what the server holds an older revision of. An answer
 * the phone had confirmed stays sent even when `server` lacks it: a paper kept on the phone (a reload
 * offline, issue 54) carries the answers of when it was kept.
 */
export function mergeDraft(server: readonly SavedAnswer[], local: AttemptDraft | null): AttemptDraft {
  const answers: Record<string, LocalAnswer> = {};
  for (const answer of server) {
    answers[answer.questionId] = { choice: answer.choice, value: answer.value, markedForReview: answer.markedForReview, timeSpentSeconds: answer.timeSpentSeconds, revision: answer.revision, visited: true };
  }
  const unsent: string[] = [];
  for (const [questionId, mine] of Object.entries(local?.answers ?? {})) {
    const theirs = answers[questionId];
    if (!theirs || mine.revision > theirs.revision) {
      answers[questionId] = mine;
      const confirmed = !theirs && !(local?.unsent ?? []).includes(questionId);
      if (mine.revision > 0 && !confirmed) unsent.push(questionId);
    } else if (mine.visited) {
      answers[questionId] = { ...theirs, visited: true };
    }
  }
  return { answers, unsent, ...(local?.current === undefined ? {} : { current: local.current }) };
}

/** The question on screen, kept with the answers (nothing to send). */
export function atQuestion(draft: AttemptDraft, index: number): AttemptDraft {
  return draft.current === index ? draft : { ...draft, current: index };
}

/** A change to one answer (a choice, a number, a review mark, time spent): a new revision, to send. */
export function changeAnswer(draft: AttemptDraft, questionId: string, change: Partial<Omit<LocalAnswer, 'revision'>>): AttemptDraft {
  const before = draft.answers[questionId] ?? EMPTY_ANSWER;
  const after: LocalAnswer = { ...before, ...change, visited: true, revision: before.revision + 1 };
  return { ...draft, answers: { ...draft.answers, [questionId]: after }, unsent: draft.unsent.includes(questionId) ? draft.unsent : [...draft.unsent, questionId] };
}

/** Opening a question: visited (for the palette), nothing to send. */
export function visit(draft: AttemptDraft, questionId: string): AttemptDraft {
  const before = draft.answers[questionId] ?? EMPTY_ANSWER;
  if (before.visited) return draft;
  return { ...draft, answers: { ...draft.answers, [questionId]: { ...before, visited: true } } };
}

/** What one save sends: every unsent answer at its newest revision. */
export function answersToSend(draft: AttemptDraft) {
  return draft.unsent.flatMap((questionId) => {
    const answer = draft.answers[questionId];
    if (!answer) return [];
    return [{ questionId, choice: answer.choice, value: answer.value, markedForReview: answer.markedForReview, timeSpentSeconds: answer.timeSpentSeconds, revision: answer.revision }];
  });
}

/** After the server took a save: an answer is sent unless it changed again meanwhile (a newer revision). */
export function markSent(draft: AttemptDraft, sent: readonly { questionId: string; revision: number }[]): AttemptDraft {
  const confirmed = new Map(sent.map((answer) => [answer.questionId, answer.revision]));
  return { ...draft, unsent: draft.unsent.filter((questionId) => (draft.answers[questionId]?.revision ?? 0) > (confirmed.get(questionId) ?? -1)) };
}

export function isAnswered(answer: LocalAnswer | undefined): boolean {
  return !!answer && (answer.choice.length > 0 || answer.value !== null);
}

/** The exam palette's five states (as in the NTA's screens). */
export type PaletteState = 'not-visited' | 'not-answered' | 'answered' | 'marked' | 'answered-marked';

export function paletteState(answer: LocalAnswer | undefined): PaletteState {
  if (!answer?.visited && !isAnswered(answer)) return 'not-visited';
  if (answer?.markedForReview) return isAnswered(answer) ? 'answered-marked' : 'marked';
  return isAnswered(answer) ? 'answered' : 'not-answered';
}

const storageName = (attemptId: string) => `attempt.${attemptId}`;

export function readDraft(userId: string, attemptId: string): AttemptDraft | null {
  const raw = readUserItem(userId, storageName(attemptId));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as AttemptDraft;
    return parsed && typeof parsed.answers === 'object' && Array.isArray(parsed.unsent) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeDraft(userId: string, attemptId: string, draft: AttemptDraft): void {
  writeUserItem(userId, storageName(attemptId), JSON.stringify(draft));
}

/** Once the attempt is submitted, nothing of it waits on the phone. */
export function removeDraft(userId: string, attemptId: string): void {
  removeUserItem(userId, storageName(attemptId));
  removeUserItem(userId, paperName(attemptId));
}

const paperName = (attemptId: string) => `attempt-paper.${attemptId}`;

/**
 * The attempt as the server last sent it (its questions and clock), kept while the test runs so that a
 * reload without a connection opens it again (issue 54). `keptAt` (the phone's clock then) moves its
 * `serverNow` on by the time since, so the countdown stays the server's.
 */
export function keepPaper(userId: string, attempt: Attempt, now: number = Date.now()): void {
  writeUserItem(userId, paperName(attempt._id), JSON.stringify({ attempt, keptAt: now }));
}

export function keptPaper(userId: string, attemptId: string, now: number = Date.now()): Attempt | null {
  const raw = readUserItem(userId, paperName(attemptId));
  if (!raw) return null;
  try {
    const { attempt, keptAt } = JSON.parse(raw) as { attempt: Attempt; keptAt: number };
    if (!attempt || attempt._id !== attemptId || !Array.isArray(attempt.questions) || typeof keptAt !== 'number') return null;
    return { ...attempt, serverNow: new Date(Date.parse(attempt.serverNow) + (now - keptAt)).toISOString() };
  } catch {
    return null;
  }
}

/** Time left on the server's clock: `offsetMs` is the server's clock minus the phone's, measured at the last answer. */
export function secondsLeft(endsAt: string, offsetMs: number, now: number = Date.now()): number {
  return Math.max(0, Math.floor((Date.parse(endsAt) - (now + offsetMs)) / 1000));
}

/** "1:05:09" or "4:07". */
export function clockText(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
