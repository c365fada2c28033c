import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Attempt } from '@academy/shared/schemas/online-tests';
import { atQuestion, changeAnswer, isAnswered, keepPaper, removeDraft, secondsLeft, visit } from '../attempt-answers';
import { useSubmitAttempt } from '../api';
import { useAttemptSync } from '../use-attempt-sync';

/** Whole seconds since an instant (the time spent on the question on screen). */
function secondsSince(instant: number): number {
  return Math.round((Date.now() - instant) / 1000);
}

/**
 * An attempt being taken: the answers kept on the phone and sent as they change (useAttemptSync), the
 * question on screen and moving between questions (its time counted into its answer), the countdown by
 * the server's clock, and submitting — at the end of the time, or when the server says it has ended.
 */
export function useAttemptTaking(attempt: Attempt, userId: string) {
  const navigate = useNavigate();
  const sync = useAttemptSync(userId, attempt);
  const submit = useSubmitAttempt(attempt._id);
  const [index, setIndex] = useState(() => {
    // Resume where the student was: the question on screen before a reload (issue 54), else the first not answered yet.
    const kept = sync.draft.current;
    if (kept !== undefined && kept >= 0 && kept < attempt.questions.length) return kept;
    const first = attempt.questions.findIndex((question) => !isAnswered(sync.draft.answers[question._id]));
    return first === -1 ? 0 : first;
  });
  const [paletteOpen, setPaletteOpen] = useState(false);
  // Null until the first tick (a second): the clock is read in effects, never while rendering.
  const [left, setLeft] = useState<number | null>(null);
  const shownAt = useRef(0);
  const question = attempt.questions[index]!;

  // The time on each question counts into its answer when the student leaves it.
  const leave = (next: number) => {
    const seconds = shownAt.current ? secondsSince(shownAt.current) : 0;
    const current = sync.draft.answers[question._id];
    if (seconds > 0 && isAnswered(current)) sync.update((draft) => changeAnswer(draft, question._id, { timeSpentSeconds: (current?.timeSpentSeconds ?? 0) + seconds }));
    setIndex(Math.max(0, Math.min(attempt.questions.length - 1, next)));
    setPaletteOpen(false);
  };

  const { update } = sync;
  useEffect(() => {
    shownAt.current = Date.now();
    update((draft) => atQuestion(visit(draft, question._id), index));
  }, [question._id, index, update]);
  // The paper itself, for a reload without a connection (issue 54); removed with the answers on submitting.
  useEffect(() => keepPaper(userId, attempt), [userId, attempt]);

  const finish = async () => {
    await sync.flush();
    submit.mutate(undefined, {
      onSuccess: () => {
        removeDraft(userId, attempt._id);
        void navigate(`/app/student/online-tests/attempts/${attempt._id}/result`, { replace: true });
      },
    });
  };

  // The server's clock: at zero, what is on the phone goes, then the attempt is submitted.
  const submitted = useRef(false);
  useEffect(() => {
    const read = () => {
      const seconds = secondsLeft(attempt.endsAt, sync.offsetMs);
      setLeft(seconds);
      if (seconds === 0 && !submitted.current) {
        submitted.current = true;
        void finish();
      }
    };
    read();
    const tick = setInterval(read, 1000);
    return () => clearInterval(tick);
    // finish reads the latest draft through the sync's own refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt.endsAt, sync.offsetMs]);
  // Submitted on another phone, or the time ran out on the server: on to the result.
  useEffect(() => {
    if (sync.status === 'ended' && !submitted.current) {
      submitted.current = true;
      void finish();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sync.status]);

  return { sync, submit, index, question, answer: sync.draft.answers[question._id], leave, left, paletteOpen, setPaletteOpen, finish };
}
