import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import { connectToRunningBundledPostgres } from '../db/bundled-postgres';
import { currentLockHolder } from '../lib/instance-lock';
import { academyBackupPaths, listBackups } from '../modules/backups/backups.service';
import { FIRST_ACADEMY_ID } from '../lib/tenancy';
import { currentMigration, knownMigrations } from '../modules/backups/migration-level';
import {
  checkAppSecret,
  checkAssetLinks,
  checkClock,
  checkDatabase,
  checkDataDir,
  checkEveryAcademysBackups,
  checkMailFrom,
  checkMetricsToken,
  checkNodeEnv,
  checkPublicUrl,
  checkReachable,
  checkSmtp,
  checkTrustProxy,
  FORGED_ADDRESS,
  type AssetLinksFacts,
  type BackupFacts,
  type DatabaseFacts,
  type DataDirFacts,
  type PeerProbe,
  type ReachFacts,
  type SmtpFacts,
  type Verdict,
} from './doctor-checks';

/**
 * Gathers the facts for the doctor's verdicts (./doctor-checks.ts) on a live production machine
 * without changing anything: one GET to the site, an SMTP greeting and sign-in (no mail sent), file
 * metadata, and read-only queries. It never takes the DATA_DIR lock and never starts the bundled
 * PostgreSQL: it uses the running server's, as the other CLI commands do, or says the server is down.
 */
const TIMEOUT_MS = 5_000;

function reason(error: unknown): string {
  const own = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (own.name === 'TimeoutError') return `no answer within ${TIMEOUT_MS / 1000} s`;
  // fetch() says only "fetch failed"; the network error (ECONNREFUSED, a certificate problem) is its cause.
  if (own.message === 'fetch failed' && own.cause) return own.cause.code ? `${own.cause.code} (${own.cause.message ?? ''})` : String(own.cause.message);
  return own.message ?? String(error);
}

type Probe = { reach: ReachFacts; peer?: PeerProbe; date?: Date };

/** One GET /api/health/peer at the site, claiming a made-up client address to see who believes it. */
async function probeSite(url: string): Promise<Probe> {
  try {
    const response = await fetch(`${url}/api/health/peer`, { headers: { 'x-forwarded-for': FORGED_ADDRESS }, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
    const dateHeader = response.headers.get('date');
    const date = dateHeader ? new Date(dateHeader) : undefined;
    const body = (await response.json().catch(() => undefined)) as { success?: boolean; data?: PeerProbe } | undefined;
    const peer = response.status === 200 && body?.success ? body.data : undefined;
    return { reach: { url, status: peer ? 200 : response.status }, peer, date };
  } catch (error) {
    return { reach: { url, error: reason(error) } };
  }
}

async function smtpFacts(smtpUrl: string | undefined): Promise<SmtpFacts> {
  if (!smtpUrl) return { configured: false };
  const url = new URL(smtpUrl);
  const server = `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
  // Connects, greets (EHLO), starts TLS and signs in as the server would; sends nothing.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: TIMEOUT_MS, greetingTimeout: TIMEOUT_MS, socketTimeout: TIMEOUT_MS });
  try {
    await transport.verify();
    return { configured: true, server, signsIn: url.username !== '' };
  } catch (error) {
    return { configured: true, server, error: reason(error) };
  } finally {
    transport.close();
  }
}

function dataDirFacts(dataDir: string): DataDirFacts {
  const currentUid = process.getuid?.() ?? -1;
  if (!fs.existsSync(dataDir)) return { path: dataDir, exists: false, currentUid };
  const stat = fs.statSync(dataDir);
  if (!stat.isDirectory()) return { path: dataDir, exists: true, isDirectory: false, currentUid };
  let writable = true;
  try {
    fs.accessSync(dataDir, fs.constants.W_OK);
  } catch {
    writable = false;
  }
  const space = fs.statfsSync(dataDir);
  return {
    path: dataDir,
    exists: true,
    isDirectory: true,
    mode: stat.mode,
    ownerUid: stat.uid,
    currentUid,
    writable,
    freeBytes: space.bavail * space.bsize,
    totalBytes: space.blocks * space.bsize,
  };
}

/** Each academy's backups, in its own folder (issue 71); the first academy's alone when the database did not name them. */
async function everyAcademysBackupFacts(dataDir: string, academies: { id: string; slug: string }[] | undefined): Promise<(BackupFacts & { academy: string })[]> {
  const list = academies && academies.length > 0 ? academies : [{ id: FIRST_ACADEMY_ID, slug: 'main' }];
  return Promise.all(list.map(async ({ id, slug }) => ({ academy: slug, ...(await backupFacts(dataDir, id)) })));
}

async function backupFacts(dataDir: string, academyId: string): Promise<BackupFacts> {
  try {
    const backups = await listBackups(academyBackupPaths({ backupsDir: path.join(dataDir, 'backups'), filesDir: path.join(dataDir, 'files') }, academyId));
    const newest = backups[0];
    return { count: backups.length, newest: newest && { name: newest.name, createdAt: newest.createdAt, readable: newest.readable } };
  } catch (error) {
    return { count: 0, error: reason(error) };
  }
}

/**
 * The database the server uses, read-only. With the bundled PostgreSQL only while a process holds
 * DATA_DIR (the server): its socket and password are in DATA_DIR, and starting it ourselves would
 * take the lock the server needs to start.
 */
type AcademyApp = { academy: string; slug: string; domain: string | null; packageName: string; fingerprints: string[] };

/**
 * The academies that set their own Play Store app (issue 78): each read inside its academy (row-level
 * security), with its proven own domain if it has one. A database from before the app settings has none.
 */
async function academyApps(client: pg.Client, academies: { id: string; slug: string }[] | undefined): Promise<AcademyApp[]> {
  const apps: AcademyApp[] = [];
  for (const academy of academies ?? [{ id: FIRST_ACADEMY_ID, slug: 'main' }]) {
    try {
      await client.query(`select set_config('app.academy_id', $1, false)`, [academy.id]);
      const { rows } = await client.query<{ app: { packageName?: string; fingerprints?: string[] } }>('select app from academy_settings where academy_id = $1', [academy.id]);
      const app = rows[0]?.app;
      if (!app?.packageName) continue;
      const { rows: domains } = await client
        .query<{ domain: string }>('select domain from academy_domains where academy_id = $1 and verified_at is not null order by verified_at limit 1', [academy.id])
        .catch(() => ({ rows: [] as { domain: string }[] }));
      apps.push({ academy: academy.slug, slug: academy.slug, domain: domains[0]?.domain ?? null, packageName: app.packageName, fingerprints: app.fingerprints ?? [] });
    } catch {
      return apps;
    }
  }
  return apps;
}

/** Each app's statement as its academy's address serves it (its own domain, else its name under BASE_DOMAIN; one academy: the site). */
async function assetLinksFacts(config: Config, url: string | undefined, apps: AcademyApp[]): Promise<AssetLinksFacts[]> {
  return Promise.all(
    apps.map(async (app): Promise<AssetLinksFacts> => {
      const scheme = url ? new URL(url).protocol : 'https:';
      const origin = config.hosting.mode === 'many' ? `${scheme}//${app.domain ?? `${app.slug}.${config.hosting.baseDomain}`}` : url;
      const where = `${origin ?? '(no PUBLIC_URL)'}/.well-known/assetlinks.json`;
      const facts = { academy: app.academy, url: where, packageName: app.packageName, fingerprints: app.fingerprints };
      if (!origin) return { ...facts, error: 'PUBLIC_URL is not set' };
      try {
        const response = await fetch(where, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
        return { ...facts, status: response.status, body: await response.json().catch(() => undefined) };
      } catch (error) {
        return { ...facts, error: reason(error) };
      }
    }),
  );
}

async function databaseFacts(config: Config): Promise<DatabaseFacts & { now?: Date; apps?: AcademyApp[] }> {
  const latest = knownMigrations().at(-1)?.tag ?? 'none';
  let connection: pg.ClientConfig;
  let description: string;
  if (config.databaseUrl) {
    connection = { connectionString: config.databaseUrl };
    description = 'PostgreSQL at DATABASE_URL';
  } else {
    const holder = currentLockHolder(config.dataDir);
    description = 'the bundled PostgreSQL';
    if (!holder) {
      return { description, latest, error: `no Academy server is running on ${config.dataDir} (the doctor does not start the bundled PostgreSQL, so as not to hold DATA_DIR) → start the server: systemctl start academy` };
    }
    description = `the bundled PostgreSQL of the running ${holder.kind} (pid ${holder.pid})`;
    try {
      connection = connectToRunningBundledPostgres(config.dataDir);
    } catch (error) {
      return { description, latest, error: reason(error) };
    }
  }
  const client = new pg.Client({ ...connection, connectionTimeoutMillis: TIMEOUT_MS, query_timeout: TIMEOUT_MS, options: '-c default_transaction_read_only=on' });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ now: Date }>('select now() as now');
    const applied = await currentMigration(client);
    // Decision 068: the role the server serves as should own no table (else MIGRATION_DATABASE_URL is missing).
    const { rows: owned } = await client.query<{ owns: boolean }>(
      `select exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relowner = (select oid from pg_roles where rolname = current_user)) as owns`,
    );
    // The platform's list of academies (outside row-level security); a database from before academies existed has none.
    const academies = await client
      .query<{ id: string; slug: string }>(`select id, slug from academies where status = 'active' order by slug`)
      .then((result) => result.rows, () => undefined);
    const apps = await academyApps(client, academies);
    return { description, latest, applied: applied?.tag, known: applied ? !applied.tag.startsWith('unknown-') : undefined, servingOwnsTables: owned[0]?.owns, now: rows[0]?.now, academies, apps };
  } catch (error) {
    return { description, latest, error: reason(error) };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Every check, in the order printed. `url` replaces PUBLIC_URL as the address probed (--url). */
export async function runDoctor(config: Config, options: { url?: string } = {}): Promise<Verdict[]> {
  const url = (options.url ?? config.publicUrl)?.replace(/\/+$/, '');
  const [probe, smtp, database] = await Promise.all([url ? probeSite(url) : Promise.resolve(undefined), smtpFacts(config.smtpUrl), databaseFacts(config)]);
  const backups = await everyAcademysBackupFacts(config.dataDir, database.academies);
  const appLinks = await assetLinksFacts(config, url, database.apps ?? []);
  const local = new Date();
  return [
    checkNodeEnv(config.env),
    checkAppSecret(config.appSecret),
    checkPublicUrl(config.publicUrl),
    checkMetricsToken(config.metricsToken),
    ...(probe && url ? [checkReachable(probe.reach), checkTrustProxy({ trustProxy: config.trustProxy, url, probe: probe.peer })] : []),
    checkSmtp(smtp),
    checkMailFrom(config.mailFrom),
    ...checkDataDir(dataDirFacts(config.dataDir)),
    checkEveryAcademysBackups(backups, local),
    checkDatabase(database),
    checkClock({ local, http: probe?.date, database: database.now }),
    checkAssetLinks(appLinks),
  ];
}
