import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Attempt } from '@academy/shared/schemas/online-tests';
import { fakeLocalStorage } from '../../lib/fake-local-storage';
import { answersToSend, atQuestion, changeAnswer, clockText, keepPaper, keptPaper, markSent, mergeDraft, paletteState, readDraft, removeDraft, secondsLeft, visit, writeDraft, type AttemptDraft } from './attempt-answers';

const empty: AttemptDraft = { answers: {}, unsent: [] };

describe('answers kept on the phone during an online test', () => {
  it('gives each change a new revision and sends only what the server has not confirmed', () => {
    let draft = changeAnswer(empty, 'q1', { choice: ['a'] });
    draft = changeAnswer(draft, 'q1', { choice: ['b'] });
    draft = changeAnswer(draft, 'q2', { value: 9.8 });
    expect(answersToSend(draft)).toEqual([
      { questionId: 'q1', choice: ['b'], value: null, markedForReview: false, timeSpentSeconds: 0, revision: 2 },
      { questionId: 'q2', choice: [], value: 9.8, markedForReview: false, timeSpentSeconds: 0, revision: 1 },
    ]);
    // The save of revision 2 of q1 returns after q1 changed again: q1 stays unsent, q2 is done.
    const sent = answersToSend(draft);
    draft = changeAnswer(draft, 'q1', { choice: ['c'] });
    draft = markSent(draft, sent);
    expect(draft.unsent).toEqual(['q1']);
    expect(answersToSend(draft)[0]).toMatchObject({ choice: ['c'], revision: 3 });
  });

  it('resumes after a reload with the newer of the phone’s and the server’s answer', () => {
    const local = changeAnswer(changeAnswer(empty, 'q1', { choice: ['a'] }), 'q1', { choice: ['b'] });
    const server = [
      { questionId: 'q1', choice: ['a'], value: null, markedForReview: false, timeSpentSeconds: 10, revision: 1 },
      { questionId: 'q2', choice: ['d'], value: null, markedForReview: true, timeSpentSeconds: 30, revision: 4 },
    ];
    const merged = mergeDraft(server, local);
    expect(merged.answers.q1).toMatchObject({ choice: ['b'], revision: 2 });
    expect(merged.answers.q2).toMatchObject({ choice: ['d'], revision: 4, markedForReview: true });
    expect(merged.unsent).toEqual(['q1']);
    // Another phone (nothing kept here): the server's answers, continuing from its revisions.
    const elsewhere = mergeDraft(server, null);
    expect(changeAnswer(elsewhere, 'q2', { choice: ['a'] }).answers.q2!.revision).toBe(5);
  });

  it('shows the exam palette’s states', () => {
    let draft = visit(empty, 'q1');
    expect(paletteState(draft.answers.q1)).toBe('not-answered');
    expect(paletteState(draft.answers.q9)).toBe('not-visited');
    draft = changeAnswer(draft, 'q1', { choice: ['a'] });
    expect(paletteState(draft.answers.q1)).toBe('answered');
    draft = changeAnswer(draft, 'q1', { markedForReview: true });
    expect(paletteState(draft.answers.q1)).toBe('answered-marked');
    draft = changeAnswer(draft, 'q2', { markedForReview: true });
    expect(paletteState(draft.answers.q2)).toBe('marked');
  });

  it('counts down on the server’s clock', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    // The phone's clock is 90 s behind the server's.
    expect(secondsLeft('2026-11-26T10:30:00Z', 90_000, now)).toBe(28 * 60 + 30);
    expect(secondsLeft('2026-11-26T09:00:00Z', 0, now)).toBe(0);
    expect(clockText(3 * 3600 + 5 * 60 + 9)).toBe('3:05:09');
    expect(clockText(247)).toBe('4:07');
  });

  // Issue 54: a reload without a connection reopens the test where the student was.
  describe('on a reload offline', () => {
    afterEach(() => vi.unstubAllGlobals());
    const store = fakeLocalStorage;

    it('keeps the question on screen with the answers, and merges it back', () => {
      store();
      let draft = changeAnswer(empty, 'q1', { choice: ['a'] });
      expect(atQuestion(draft, 2).current).toBe(2);
      expect(atQuestion(atQuestion(draft, 2), 2)).toEqual(atQuestion(draft, 2));
      draft = atQuestion(draft, 2);
      // Nothing more to send for a move; an answer changed afterwards keeps the question on screen.
      expect(draft.unsent).toEqual(['q1']);
      draft = changeAnswer(draft, 'q3', { choice: ['c'] });
      expect(draft.current).toBe(2);
      writeDraft('u1', 'a1', draft);
      const merged = mergeDraft([], readDraft('u1', 'a1'));
      expect(merged.current).toBe(2);
      expect(merged.answers.q1).toMatchObject({ choice: ['a'] });
      expect(mergeDraft([], null).current).toBeUndefined();
      // The kept paper's answers are those of when it was kept: what the phone had confirmed since stays sent.
      const confirmed = markSent(draft, answersToSend(draft).filter((answer) => answer.questionId === 'q1'));
      expect(mergeDraft([], confirmed).unsent).toEqual(['q3']);
    });

    it('keeps the paper with the server’s clock moved on by the time since; removed with the answers', () => {
      const items = store();
      const attempt = { _id: 'a1', serverNow: '2026-11-26T10:00:00.000Z', endsAt: '2026-11-26T11:00:00.000Z', questions: [], answers: [] } as unknown as Attempt;
      const keptAt = Date.parse('2026-11-26T09:59:00.000Z'); // the phone's clock a minute behind the server's
      keepPaper('u1', attempt, keptAt);
      const kept = keptPaper('u1', 'a1', keptAt + 5 * 60_000);
      expect(kept?.serverNow).toBe('2026-11-26T10:05:00.000Z');
      expect(keptPaper('u1', 'another', keptAt)).toBeNull();
      expect(keptPaper('u2', 'a1', keptAt)).toBeNull();
      writeDraft('u1', 'a1', empty);
      removeDraft('u1', 'a1');
      expect(items.size).toBe(0);
    });
  });
});
