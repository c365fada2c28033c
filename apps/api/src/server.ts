import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import type { FastifyInstance } from 'fastify';
import { DataDirBusyError, openDatabase, prepareDatabase } from './db/open-database';
import { createMailer } from './lib/mailer';
import { createLocalStorage } from './lib/storage';
import { loadServerSecret, serverKeysFrom } from './lib/server-keys';
import { webDistFolder } from './paths';
import { FIRST_ACADEMY_ID, withAcademy } from './lib/tenancy';

/** The most a shutdown may take before the process leaves anyway. */
const SHUTDOWN_BUDGET_MS = 20_000;

/**
 * What the server needs once its database is ready: the app with its routes, the demo seed, the
 * start-up chores. Imported here rather than at the top so that they load while PostgreSQL starts (in
 * a worker thread: db/open-database.ts) and the migrations are checked — a cold start waits for the
 * longer of the two, not both (issue 74). The build gives them chunks of their own (scripts/build.mjs).
 */
async function loadServing() {
  const [{ buildApp }, { DEMO_LOGINS, DEMO_PASSWORD, seedDemoAcademy }, { sealClearWebhookSecret }, { removeLeftovers }, { DEMO_ACADEMY_SLUG, ensureDemoAcademy }] = await Promise.all([
    import('./app'),
    import('./demo-seed'),
    import('./modules/settings'),
    import('./modules/backups/backups.service'),
    import('./modules/academies/academies.service'),
  ]);
  return { buildApp, DEMO_LOGINS, DEMO_PASSWORD, seedDemoAcademy, sealClearWebhookSecret, removeLeftovers, DEMO_ACADEMY_SLUG, ensureDemoAcademy };
}

// config → database (routes loading meanwhile) → migrations → (demo seed) → app → listen
async function main() {
  const config = loadConfig();
  const loading = loadServing();
  loading.catch(() => {}); // its failure is met where it is awaited, below
  const database = await openDatabase(config, 'server', (message) => console.log(message));

  let closing = false;
  const shutdown = async (reason: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    console.log(`Stopping (${reason})...`);
    // Within a budget (issue 53: after a database stall shutdown hung past 60 s): the requests and
    // jobs get 10 s to finish, then the database is closed (which stops the bundled PostgreSQL even
    // when its connections do not end), and the process leaves by 20 s whatever happens.
    const giveUp = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
    setTimeout(() => process.exit(exitCode || 1), SHUTDOWN_BUDGET_MS).unref();
    await Promise.race([app?.close().catch(() => {}), giveUp(10_000)]);
    await database.close().catch((error: Error) => console.error(error.message));
    process.exit(exitCode);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('uncaughtException', (error) => {
    console.error('Uncaught exception:', error);
    void shutdown('uncaught exception', 1);
  });
  process.on('unhandledRejection', (error) => {
    console.error('Unhandled rejection:', error);
    void shutdown('unhandled rejection', 1);
  });

  let app: FastifyInstance | undefined;
  try {
    // Migrations as the tables' owner; the server's own pool serves as a role that owns nothing (decision 068).
    const { warning } = await prepareDatabase(database);
    if (warning) console.warn(`Warning: ${warning}`);
    const { buildApp, DEMO_LOGINS, DEMO_PASSWORD, seedDemoAcademy, sealClearWebhookSecret, removeLeftovers, DEMO_ACADEMY_SLUG, ensureDemoAcademy } = await loading;
    const keys = serverKeysFrom(loadServerSecret(config));
    // A webhook secret stored in clear by an older version is sealed before anything backs it up.
    await withAcademy(FIRST_ACADEMY_ID, () => sealClearWebhookSecret(database.db, keys));
    // Every stored file directly in DATA_DIR/files (backed up as a whole); uploads in progress beside it.
    const backups = { backupsDir: path.join(config.dataDir, 'backups'), filesDir: path.join(config.dataDir, 'files') };
    // Before anything reads the files: finish a restore's folder swap that a crash interrupted.
    removeLeftovers(backups);
    const storage = createLocalStorage({ root: backups.filesDir, incomingDir: path.join(config.dataDir, 'files-incoming') });
    // With many academies the demo is the academy `demo` (demo.BASE_DOMAIN); with one, the academy itself.
    const demoAcademyId = config.hosting.mode === 'many' && !config.isProduction ? await ensureDemoAcademy(database.db) : FIRST_ACADEMY_ID;
    if (!config.isProduction && (await withAcademy(demoAcademyId, () => seedDemoAcademy(database.db, storage)))) {
      console.log(
        [
          `Seeded a demo academy${config.hosting.mode === 'many' ? ` at http://${DEMO_ACADEMY_SLUG}.${config.hosting.baseDomain}:${config.port}` : ''}. Demo logins (password for all: ` + DEMO_PASSWORD + '):',
          `  admin    ${DEMO_LOGINS.admin}`,
          `  teacher  ${DEMO_LOGINS.teacher}`,
          `  student  ${DEMO_LOGINS.student}`,
          `  parent   ${DEMO_LOGINS.parent}`,
        ].join('\n'),
      );
    }

    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: (line) => console.log(line),
    });
    app = await buildApp({ db: database.db, ownerDb: database.owner.db, config, mailer, keys, backups: { ...backups, automatic: true }, storage, lectures: { maxUploadBytes: config.lectureMaxUploadBytes }, runJobs: true, webDistFolder, logger: { level: config.logLevel } });
    await app.listen({ port: config.port, host: config.host });
    console.log(`Academy is running at ${config.publicUrl ?? `http://localhost:${config.port}`} (database: ${database.description})`);
  } catch (error) {
    console.error((error as Error).message);
    await shutdown('start-up failed', 1);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirBusyError) console.error(error.message);
  else console.error('Academy could not start:', error);
  process.exit(1);
});
