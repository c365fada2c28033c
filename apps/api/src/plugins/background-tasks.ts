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
  app.addHook('onClose', async () => app.backgroundIdle());
}
