import { useCallback, useEffect, useRef, useState } from 'react';
import type { Attempt } from '@academy/shared/schemas/online-tests';
import { ApiError } from '../../lib/api-client';
import { answersToSend, markSent, mergeDraft, readDraft, writeDraft, type AttemptDraft } from './attempt-answers';
import { saveAnswersRequest } from './api';

/** How the phone's answers stand with the server. */
export type SyncStatus = 'saved' | 'saving' | 'offline' | 'ended' | 'refused';

/** A change waits this long for the next one (a student changing their mind) before it is sent. */
const SEND_AFTER_MS = 600;
/** Without a connection, the phone tries again this often (and at once when the browser says it is back online). */
const RETRY_MS = 10_000;

/**
 * The attempt's answers on the phone and their way to the server (issue 40): every change is kept on
 * the phone at once (attempt-answers.ts), then sent; a failed send waits for the connection; the
 * server's clock is followed from each answer. `ended`: the server took no more (time up, or submitted
 * on another phone). `refused`: the server refused an answer itself (should not happen: the screen only
 * offers the question's own options).
 */
export function useAttemptSync(userId: string, attempt: Attempt) {
  const [draft, setDraft] = useState<AttemptDraft>(() => mergeDraft(attempt.answers, readDraft(userId, attempt._id)));
  const [status, setStatus] = useState<SyncStatus>('saved');
  // The server's clock minus the phone's: the countdown is the server's, whatever the phone's clock says.
  const [offsetMs, setOffsetMs] = useState(() => Date.parse(attempt.serverNow) - Date.now());
  const draftRef = useRef(draft);
  const sending = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const ended = useRef(false);
  // The retry timer calls the newest flush.
  const flushRef = useRef<() => Promise<void>>(() => Promise.resolve());

  const keep = useCallback(
    (next: AttemptDraft) => {
      draftRef.current = next;
      writeDraft(userId, attempt._id, next);
      setDraft(next);
    },
    [userId, attempt._id],
  );

  const flush = useCallback((): Promise<void> => {
    if (sending.current) return sending.current;
    const run = async () => {
      while (!ended.current) {
        const batch = answersToSend(draftRef.current);
        if (batch.length === 0) {
          setStatus('saved');
          return;
        }
        setStatus('saving');
        try {
          const saved = await saveAnswersRequest(attempt._id, batch);
          setOffsetMs(Date.parse(saved.serverNow) - Date.now());
          keep(markSent(draftRef.current, batch));
        } catch (error) {
          const status = error instanceof ApiError ? error.status : 0;
          if (status === 409) {
            ended.current = true;
            setStatus('ended');
          } else if (status === 0 || status >= 500 || status === 429) {
            setStatus('offline');
            clearTimeout(timer.current);
            timer.current = setTimeout(() => void flushRef.current(), RETRY_MS);
          } else {
            // Refused as sent (400, 403, 404): sending it again would be refused again.
            keep(markSent(draftRef.current, batch));
            setStatus('refused');
          }
          return;
        }
      }
    };
    sending.current = run().finally(() => {
      sending.current = null;
    });
    return sending.current;
  }, [attempt._id, keep]);
  useEffect(() => {
    flushRef.current = flush;
  }, [flush]);

  const update = useCallback(
    (change: (draft: AttemptDraft) => AttemptDraft) => {
      const next = change(draftRef.current);
      if (next === draftRef.current) return;
      keep(next);
      if (next.unsent.length === 0) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SEND_AFTER_MS);
    },
    [flush, keep],
  );

  useEffect(() => {
    const online = () => void flush();
    window.addEventListener('online', online);
    // Answers kept before a reload go now.
    if (draftRef.current.unsent.length > 0) void flush();
    return () => {
      window.removeEventListener('online', online);
      clearTimeout(timer.current);
    };
  }, [flush]);

  return { draft, update, status, waiting: draft.unsent.length, flush, offsetMs };
}
