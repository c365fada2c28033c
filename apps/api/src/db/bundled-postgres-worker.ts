import { parentPort, workerData } from 'node:worker_threads';
import { startBundledPostgres, type BundledPostgresWorkerMessage } from './bundled-postgres';

/*
 * The worker thread of startBundledPostgresAside (bundled-postgres.ts): starts the bundled PostgreSQL
 * of DATA_DIR, answers its connections (or why it could not), and ends.
 */
const { dataDir } = workerData as { dataDir: string };
const answer = (message: BundledPostgresWorkerMessage) => parentPort!.postMessage(message);

startBundledPostgres(dataDir, { log: (line) => answer({ log: line }) }).then(
  ({ connection, ownerConnection, superuserConnection }) => answer({ started: { connection, ownerConnection, superuserConnection } }),
  (error: unknown) => answer({ failed: error instanceof Error ? error.message : String(error) }),
);
