/** How long after a wake-up the runner polls: the queuing transaction's commit, as a rule, is done by then. */
const WAKE_DELAY_MS = 200;

export type Poller = {
  /** Polls in a moment (the transaction that queued a job has committed by then, as a rule); only while started. */
  wake(): void;
  /** Polls now, unless stopped or a poll is under way. */
  poll(): void;
  /** Starts the timer of a poll every `pollMs`. */
  start(): void;
  /** Stops the timers and waits for the poll under way. */
  stop(): Promise<void>;
};

/**
 * The job runner's clock (db/job-runner.ts): a poll every `pollMs` and shortly after a wake-up, never two
 * at once in one process; errors (database away) are logged and retried next time. A wake-up that comes
 * while polling polls again when that poll ends.
 */
export function createPoller(pollOnce: () => Promise<unknown>, { pollMs, log }: { pollMs: number; log?: { error(object: object, message: string): void } }): Poller {
  let pollTimer: NodeJS.Timeout | undefined;
  let stopped = false;
  let polling: Promise<unknown> | undefined;
  /** A wake-up came while polling (poll again when it ends), or is due (its timer). */
  let pollAgain = false;
  let wakeTimer: NodeJS.Timeout | undefined;
  const wake = () => {
    if (stopped || !pollTimer || wakeTimer) return;
    wakeTimer = setTimeout(() => {
      wakeTimer = undefined;
      if (polling) pollAgain = true;
      else poll();
    }, WAKE_DELAY_MS).unref();
  };
  function poll() {
    if (stopped || polling) return;
    polling = pollOnce()
      .catch((error: unknown) => log?.error({ err: error }, 'job runner poll failed'))
      .finally(() => {
        polling = undefined;
        if (pollAgain) {
          pollAgain = false;
          wake();
        }
      });
  }
  return {
    wake,
    poll,
    start() {
      stopped = false;
      // unref: a waiting timer never keeps a stopping process alive.
      pollTimer ??= setInterval(poll, pollMs).unref();
    },
    async stop() {
      stopped = true;
      clearInterval(pollTimer);
      pollTimer = undefined;
      clearTimeout(wakeTimer);
      wakeTimer = undefined;
      await polling;
    },
  };
}
