import type { Rule, Violation } from '../rule';
import type { SourceTree } from '../source-tree';
import { CATALOG, subscribersOf } from './events';

/**
 * One rule for side effects (decision 083): a module's own later work is a job queued in its
 * transaction (`queueJob`, `jobs.enqueue(…, { transaction })`); another module's reaction is an event;
 * nothing that must happen runs unqueued. So an event whose every handler is in the module that emits
 * it is a job in disguise, and `runInBackground` (work in the server's memory, lost if it stops) is
 * kept for what below says, never a message.
 */

/** Where `runInBackground` may stay, and why: none of it is a message, and each is redone if lost. */
export const IN_PROCESS_ALLOWED: Record<string, string> = {
  // Its definition.
  'plugins/background-tasks.ts': 'defines it',
  // The admin's backup and restore runs (their own registry, the admin watches them) and the removal of
  // a deleted backup's off-site copy (the next off-site sync removes it anyway).
  'modules/backups/backups.routes.ts': 'backup runs and off-site removal',
  'modules/backups/backup-jobs.ts': 'backup runs',
};

/** `emitEvent(tx, { type: '…'` */
const EMIT = /emitEvent\(\s*\w+\s*,\s*\{\s*type:\s*'([^']+)'/g;
const IN_PROCESS = /\brunInBackground\s*\(/;

/** The room of a file: `modules/<name>` for a module's, else its first folder (or the file). */
function roomOf(root: string, file: string): string {
  const parts = file.slice(root.length + 1).split('/');
  return parts[0] === 'modules' ? (parts[1] ?? '') : (parts[0] ?? '');
}

export function checkSideEffects(api: SourceTree): Violation[] {
  const catalogPath = `${api.root}/${CATALOG}`;
  const catalog = api.files.get(catalogPath);
  const violations: Violation[] = [];
  const emitters = new Map<string, Set<string>>();
  for (const file of api.files.values()) {
    if (file.path.endsWith('.test.ts')) continue;
    for (const [, type] of file.text.matchAll(EMIT)) emitters.set(type!, (emitters.get(type!) ?? new Set()).add(roomOf(api.root, file.path)));
    const local = file.path.slice(api.root.length + 1);
    if (IN_PROCESS.test(file.text) && !(local in IN_PROCESS_ALLOWED))
      violations.push({ file: file.path, message: 'runInBackground runs work in memory, lost if the server stops: queue a job in the change’s transaction instead (queueJob, or jobs.enqueue with { transaction })' });
  }
  for (const [type, handlers] of catalog ? subscribersOf(catalog.text) : []) {
    const emitting = emitters.get(type);
    if (handlers.length === 0 || !emitting) continue;
    if (handlers.every((handler) => emitting.has(handler.split('.')[0]!)))
      violations.push({ file: catalogPath, message: `event ${type} is handled only by the module that emits it (${[...emitting].join(', ')}): that is its own later work, a job queued in the change’s transaction (queueJob); an event is for another module’s reaction` });
  }
  return violations;
}

export const rule: Rule = {
  name: 'side-effects',
  says: "a module's own later work is a job queued in its transaction, another module's reaction is an event (no event handled only by its emitter), and nothing runs in memory with runInBackground outside the listed backup runs",
  check: ({ api }) => checkSideEffects(api),
};
