import type { FastifyInstance } from 'fastify';
import { listenForChanges } from '../db/change-listener';
import { forgetPastDayTotals, PAST_DAYS_CHANNEL } from '../modules/attendance';
import type { AppDeps } from './deps';

/** Another server's changes reach this one's kept answers at once (lib/read-cache.ts, decision 016). */
export function listenForOtherServersChanges(app: FastifyInstance, deps: AppDeps, channels: Readonly<Record<string, (payload?: string) => void>> = {}): void {
  let changes: { close(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    changes = listenForChanges(deps.db, app.log, { ...channels, [PAST_DAYS_CHANNEL]: (academyId) => forgetPastDayTotals(deps.db, academyId) });
  });
  app.addHook('onClose', async () => changes?.close());
}
