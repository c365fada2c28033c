import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs work that the answer must not wait for (or reveal anything through its duration), such as
     * sending a mail. Failures are logged. Closing the app waits for the work to finish.
     */
    runInBackground(label: string, task: () => Promise<void>): void;
    /** Resolves when no background work is left (tests use it before looking at the outbox). */
    backgroundIdle(): Promise<void>;
    /**
     * Runs `task` in the background once the app is ready and then every `everyMs` until it closes,
     * never two runs of it at once. Tasks must be safe to repeat and to run in several processes.
     */
    runPeriodically(label: string, everyMs: number, task: () => Promise<void>): void;
  }
}

export function registerBackgroundTasks(app: FastifyInstance) {
  const pending = new Set<Promise<void>>();
  app.decorate('runInBackground', (label: string, task: () => Promise<void>) => {
    // Started on the next tick, so even a task that throws at once lands in the catch below.
    const running: Promise<void> = Promise.resolve()
      .then(task)
      .catch((error: unknown) => app.log.error({ err: error }, `${label} failed`))
      .finally(() => pending.delete(running));
    pending.add(running);
  });
  app.decorate('backgroundIdle', async () => {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  });
  const timers = new Set<NodeJS.Timeout>();
  app.decorate('runPeriodically', (label: string, everyMs: number, task: () => Promise<void>) => {
    let running = false;
    const runOnce = () => {
      if (running) return;
      running = true;
      app.runInBackground(label, () => task().finally(() => (running = false)));
    };
    app.addHook('onReady', async () => {
      runOnce();
      // unref: a pending run never keeps a stopping process alive.
      timers.add(setInterval(runOnce, everyMs).unref());
    });
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
    await app.backgroundIdle();
  });
}
