import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline/promises';
import { parseArgs, parseEnv } from 'node:util';
import { RESTORE_CONFIRMATION_WORD } from '@academy/shared/schemas/backups';
import { isRole, ROLES } from '@academy/shared/roles';
import { ConfigError, loadConfig, readConfig } from './config';
import { runMigrations } from './db/client';
import { DataDirBusyError, openDatabase, type OpenedDatabase } from './db/open-database';
import { exitCodeOf, formatVerdict, summaryOf, type Verdict } from './doctor/doctor-checks';
import { runDoctor } from './doctor/run-doctor';
import { AppError } from './lib/app-error';
import { loadServerSecret, serverKeysFrom } from './lib/server-keys';
import { UNSIGNED_BACKUP_MESSAGE } from './modules/backups/backup-archive';
import { academyBackupPaths, createBackup, restoreBackupFile, type BackupPaths } from './modules/backups/backups.service';
import { namedAcademy, exportAcademy, importAcademy, TransferError } from './modules/backups/academy-transfer';
import { withAcademy } from './lib/tenancy';
import { parseArchiveKey } from './modules/backups/offsite-crypto';
import { checkedRemoteBackup, chooseRemoteBackup, restoreFromBucket } from './modules/backups/offsite-restore';
import { listRemoteBackups, type OffsiteConfig } from './modules/backups/offsite.service';
import { offsiteSettingsInputSchema } from '@academy/shared/schemas/backups';
import { createUser } from './create-user';
import { setUserPassword } from './modules/users';
import { createOperator } from './modules/operator';
import { createAcademyRow, updateAcademyIdentity } from './modules/academies';

const USAGE = `Academy operator commands (npm run academy -- <command> [options])

  users:create --role <${ROLES.join('|')}> --name "<name>" --email <email> --password <password> [--slug <slug>]
      Create a sign-in account (a teacher or student gets their record too; fill in the rest on the screens).
  users:set-password --email <email> --password <password> [--slug <slug>]
      Set a new password; every session of that user ends and reset links mailed before stop working.
  backup:create [--out FILE] [--slug <slug>]
      Back up the academy's records and stored files into DATA_DIR/backups (or FILE, a .tar.gz).
      With ACADEMY_HOSTING=many, --slug names the academy.
  backup:restore FILE [--yes] [--trust-unsigned] [--slug <slug>]
      Check FILE completely, then replace ALL of the academy's data and stored files with it, in one
      transaction (with ACADEMY_HOSTING=many, the academy named by --slug; the others are untouched).
      Asks you to type ${RESTORE_CONFIRMATION_WORD} unless --yes is given. Works on an empty DATA_DIR or database too.
      Only backups signed by this server (its APP_SECRET, or DATA_DIR/server-secret) are restored;
      --trust-unsigned restores one whose signature is missing or does not verify (made before
      APP_SECRET changed, or on another server) and records that in the audit log.
  academy:export [--slug <slug>] --out FILE
      Write one academy's archive to FILE (.tar.gz): its rows and stored files, signed as its backups are,
      with its name, address and database version. With ACADEMY_HOSTING=many name it by --slug; in a
      one-academy installation --slug may be left out.
  academy:import FILE [--slug <slug>] [--replace]
      Bring an academy's archive in. With ACADEMY_HOSTING=many: as a NEW academy at <slug> (default: the
      archive's own), every record and file with new ids, next to the academies already here; a taken
      address is refused. In a one-academy installation: as its academy, replacing all of its data (a
      backup of it is made first); --replace is required when it has data (the demo, for one).
      An archive from another deployment (another APP_SECRET) is accepted, and the audit log records it.
  operators:create --email <email> --password <password> [--name "<name>"]
      Create a platform operator (ACADEMY_HOSTING=many): signs in at the base domain's /operator to see
      every academy's figures and suspend, resume or close one. The password rules are the product's.
  doctor [--url URL]
      Check this production set-up, one line per check (✓ fine, ! warning, ✗ problem, with what to do):
      secrets, HTTPS, mail, TRUST_PROXY against a real request, DATA_DIR, the last backup, the
      database and the clock. Changes nothing; --url probes another address than PUBLIC_URL.
      Exits non-zero when something is wrong.
  backup:restore-remote --endpoint URL --region REGION --bucket NAME [--prefix FOLDER] [--force-path-style]
                        --key-file SHEET.txt [--backup NAME | --latest] [--yes]
      Backups off the machine (decision 044): the bucket's access keys come from AWS_ACCESS_KEY_ID and
      AWS_SECRET_ACCESS_KEY; the recovery key from the recovery sheet saved as a text file (or --key).
      Without --backup or --latest it lists the backups in the bucket. With one, it downloads it, checks
      its checksum and decrypts it with the recovery key, then restores it like backup:restore (also
      onto an empty DATA_DIR or database), and sets the bucket up on this server to go on copying.

Every command takes --env-file FILE: the settings from FILE (the service's EnvironmentFile, e.g.
/etc/academy/academy.env), over whatever this shell has.
It uses the same DATA_DIR / DATABASE_URL as the server, whether or not the server is running.`;

class UsageError extends Error {}

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`Missing --${name}.`);
  return value;
}

async function withDatabase<T>(work: (database: OpenedDatabase) => Promise<T>): Promise<T> {
  const database = await openDatabase(loadConfig(), 'cli', () => {});
  try {
    // The CLI works as the tables' owner (open-database.ts): its restores and imports build tables.
    await runMigrations(database.pool);
    return await work(database);
  } finally {
    await database.close();
  }
}

function backupPaths(dataDir: string): BackupPaths {
  return { backupsDir: path.join(dataDir, 'backups'), filesDir: path.join(dataDir, 'files') };
}

/** Progress on one rewritten line for people, one line per step for logs. */
function progressPrinter() {
  let lastStep = '';
  return (progress: number, step: string) => {
    if (process.stdout.isTTY) process.stdout.write(`\r${String(Math.round(progress * 100)).padStart(3)}%  ${step.padEnd(60)}`);
    else if (step !== lastStep) console.log(step);
    lastStep = step;
  };
}

async function confirmRestore(target: string): Promise<boolean> {
  if (!process.stdin.isTTY) throw new UsageError('backup:restore replaces all data: run it in a terminal to confirm, or add --yes.');
  const prompt = readline.createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await prompt.question(`This replaces ALL data and stored files of ${target} with the backup.\nType ${RESTORE_CONFIRMATION_WORD} to go on: `);
    return answer.trim() === RESTORE_CONFIRMATION_WORD;
  } finally {
    prompt.close();
  }
}

/** Every option any command takes (each command reads its own). */
const OPTIONS = {
  role: { type: 'string' },
  name: { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
  out: { type: 'string' },
  yes: { type: 'boolean' },
  'trust-unsigned': { type: 'boolean' },
  url: { type: 'string' },
  'env-file': { type: 'string' },
  endpoint: { type: 'string' },
  region: { type: 'string' },
  bucket: { type: 'string' },
  prefix: { type: 'string' },
  'force-path-style': { type: 'boolean' },
  'key-file': { type: 'string' },
  key: { type: 'string' },
  backup: { type: 'string' },
  latest: { type: 'boolean' },
  slug: { type: 'string' },
  replace: { type: 'boolean' },
} as const;

type CommandArgs = ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: boolean; strict: true }>>;

/** `users:create`: a sign-in account, in the academy --slug names with many academies. */
async function createUserCommand({ values }: CommandArgs): Promise<number> {
  const role = required(values, 'role');
  if (!isRole(role)) throw new UsageError(`Unknown role "${role}". Use one of: ${ROLES.join(', ')}.`);
  const input = { role, name: required(values, 'name'), email: required(values, 'email'), password: required(values, 'password') };
  const user = await withDatabase(async (database) => {
    // With ACADEMY_HOSTING=many, the academy named by --slug (people are an academy's).
    const academy = await namedAcademy(database.db, loadConfig().hosting.mode, typeof values.slug === 'string' ? values.slug : undefined);
    return withAcademy(academy.id, () => createUser(database.db, input));
  });
  const rest = user.role === 'admin' ? '' : ` Fill in the rest of their details on the ${user.role === 'teacher' ? 'Teachers' : 'Students'} screen.`;
  console.log(`Created ${user.role} ${user.name} <${user.email}>.${rest}`);
  return 0;
}

/** `operators:create`: a platform operator. */
async function createOperatorCommand({ values }: CommandArgs): Promise<number> {
  const input = { email: required(values, 'email'), password: required(values, 'password'), name: typeof values.name === 'string' ? values.name : undefined };
  const operator = await withDatabase((database) => createOperator(database.db, input));
  console.log(`Created platform operator ${operator.name} <${operator.email}>. They sign in at the base domain's /operator.`);
  return 0;
}

/** `users:set-password`: a new password; the user's sessions end. */
async function setPasswordCommand({ values }: CommandArgs): Promise<number> {
  const email = required(values, 'email');
  const password = required(values, 'password');
  const user = await withDatabase(async (database) => {
    const academy = await namedAcademy(database.db, loadConfig().hosting.mode, typeof values.slug === 'string' ? values.slug : undefined);
    return withAcademy(academy.id, () => setUserPassword(database.db, email, password));
  });
  console.log(`Password changed for ${user.email}; their sessions were ended.`);
  return 0;
}

/** `backup:create`: the academy's backup, into DATA_DIR/backups or --out. */
async function createBackupCommand({ values }: CommandArgs): Promise<number> {
  const config = loadConfig();
  const out = typeof values.out === 'string' ? path.resolve(values.out) : undefined;
  const keys = serverKeysFrom(loadServerSecret(config));
  const slug = typeof values.slug === 'string' ? values.slug : undefined;
  const result = await withDatabase(async (database) => {
    // The academy's own backup (issue 55): with many academies, the one named by --slug.
    const academy = await namedAcademy(database.db, config.hosting.mode, slug);
    return withAcademy(academy.id, () =>
      createBackup(database.db, academyBackupPaths(backupPaths(config.dataDir), academy.id), keys, { kind: 'manual', out, onProgress: progressPrinter() }),
    );
  });
  if (process.stdout.isTTY) process.stdout.write('\n');
  const rows = result.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(`Backup written to ${result.file} (${result.manifest.tables.length} tables, ${rows} rows, ${result.manifest.files.length} files).`);
  return 0;
}

/** `backup:restore FILE`: checked, confirmed, then restored over the academy. */
async function restoreBackupCommand({ values, positionals }: CommandArgs): Promise<number> {
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new UsageError('Give exactly one backup file: backup:restore FILE [--yes] [--trust-unsigned].');
  const config = loadConfig();
  const archive = path.resolve(file);
  const target = config.databaseUrl ? 'the database at DATABASE_URL' : `the Academy in ${config.dataDir}`;
  if (!values.yes && !(await confirmRestore(target))) {
    console.log('Nothing was changed.');
    return 1;
  }
  // The same keys as the server: a backup it made verifies here, and the other way round.
  const keys = serverKeysFrom(loadServerSecret(config));
  const trustUnsigned = values['trust-unsigned'] === true;
  const slug = typeof values.slug === 'string' ? values.slug : undefined;
  const { manifest, signed } = await withDatabase(async (database) => {
    const academy = await namedAcademy(database.db, config.hosting.mode, slug);
    return withAcademy(academy.id, () =>
      restoreBackupFile(database.db, academyBackupPaths(backupPaths(config.dataDir), academy.id), keys, archive, { onProgress: progressPrinter(), trustUnsigned }),
    );
  }).catch((error: unknown) => {
    if (!(error instanceof AppError && error.message === UNSIGNED_BACKUP_MESSAGE)) throw error;
    // The operator may know where the file comes from: say how to restore it anyway.
    throw new AppError(
      'BAD_REQUEST',
      `${error.message}\nIf you trust this file (for example a backup of this academy made before APP_SECRET changed), run the command again with --trust-unsigned; the audit log will record it.`,
    );
  });
  if (process.stdout.isTTY) process.stdout.write('\n');
  if (!signed) console.log('This backup is not signed by this server: restored because of --trust-unsigned, and recorded in the audit log.');
  console.log(`Restored the backup of ${manifest.createdAt} (Academy ${manifest.appVersion}, database version ${manifest.migration.tag}). Everyone signs in as they could at that time.`);
  return 0;
}

/** `academy:export`: one academy's archive to --out. */
async function exportAcademyCommand({ values }: CommandArgs): Promise<number> {
  const config = loadConfig();
  const out = path.resolve(required(values, 'out'));
  const slug = typeof values.slug === 'string' ? values.slug : undefined;
  const keys = serverKeysFrom(loadServerSecret(config));
  const { academy, manifest, file } = await withDatabase((database) =>
    exportAcademy(database.db, backupPaths(config.dataDir), keys, { hosting: config.hosting.mode, slug, out, onProgress: progressPrinter() }),
  );
  if (process.stdout.isTTY) process.stdout.write('\n');
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(`Exported ${academy.name} (${academy.slug}) to ${file}: ${manifest.tables.length} tables, ${rows} rows, ${manifest.files.length} files, database version ${manifest.migration.tag}.`);
  return 0;
}

/** `academy:import FILE`: an academy's archive brought in (the academies module's commands handed in: it stands above backups). */
async function importAcademyCommand({ values, positionals }: CommandArgs): Promise<number> {
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new UsageError('Give exactly one archive: academy:import FILE [--slug <slug>] [--replace].');
  const config = loadConfig();
  const keys = serverKeysFrom(loadServerSecret(config));
  const slug = typeof values.slug === 'string' ? values.slug : undefined;
  const result = await withDatabase((database) =>
    importAcademy(database.db, backupPaths(config.dataDir), keys, {
      hosting: config.hosting.mode,
      file: path.resolve(file),
      slug,
      replace: values.replace === true,
      onProgress: progressPrinter(),
      academies: { createAcademyRow, updateAcademyIdentity },
    }),
  );
  if (process.stdout.isTTY) process.stdout.write('\n');
  const rows = result.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const name = result.manifest.academy?.name ?? 'the academy';
  if (result.safetyBackup) console.log(`This installation's data was backed up first to ${result.safetyBackup}.`);
  if (!result.signed) console.log('The archive was signed by another server (another APP_SECRET); it was imported, and the audit log records that.');
  console.log(
    config.hosting.mode === 'many'
      ? `Imported ${name} as a new academy at ${result.slug}.${config.hosting.baseDomain} (${rows} rows, ${result.manifest.files.length} files). Its people sign in there with their passwords.`
      : `Imported ${name} into this installation (${rows} rows, ${result.manifest.files.length} files). Everyone signs in with their passwords from the archive.`,
  );
  return 0;
}

/** `doctor`: the production set-up checked, one line per check. */
async function doctorCommand({ values }: CommandArgs): Promise<number> {
  if (typeof values.url === 'string' && !URL.canParse(values.url)) throw new UsageError(`--url must be a full address such as https://academy.example.in, not "${values.url}".`);
  // Every problem in one run (issue 71): a setting the server would refuse is named and read as
  // unset, and the other checks run on the rest.
  const { config, problems } = readConfig();
  const refused = new Set(problems.map((problem) => problem.name));
  const verdicts: Verdict[] = [
    ...problems.map((problem): Verdict => ({ status: 'fail', check: 'configuration', message: problem.message })),
    ...(await runDoctor(config, { url: values.url })).filter((verdict) => !refused.has(verdict.check)),
  ];
  for (const verdict of verdicts) console.log(formatVerdict(verdict));
  console.log(summaryOf(verdicts));
  if (problems.length > 0) console.log('The server would not start with this configuration.');
  return exitCodeOf(verdicts);
}

/** `backup:restore-remote` (or `backups:restore-remote`): the bucket's backups listed, or one downloaded, checked and restored. */
async function restoreRemoteCommand({ values }: CommandArgs): Promise<number> {
  const parsed = offsiteSettingsInputSchema.safeParse({
    endpoint: required(values, 'endpoint'),
    region: typeof values.region === 'string' ? values.region : 'us-east-1',
    bucket: required(values, 'bucket'),
    prefix: typeof values.prefix === 'string' ? values.prefix : '',
    forcePathStyle: values['force-path-style'] === true,
  });
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((issue) => `--${String(issue.path[0])}: ${issue.message}`).join('\n'));
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID?.trim();
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY?.trim();
  if (!accessKeyId || !secretAccessKey) throw new UsageError('Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY to the bucket’s access keys (not on the command line: it is kept in the shell’s history).');
  const config: OffsiteConfig = { ...parsed.data, endpoint: parsed.data.endpoint.replace(/\/$/, ''), accessKeyId, secretAccessKey };
  const keyText = typeof values.key === 'string' ? values.key : typeof values['key-file'] === 'string' ? fs.readFileSync(path.resolve(values['key-file']), 'utf8') : undefined;
  if (keyText === undefined) throw new UsageError('Give the recovery key: --key-file SHEET.txt (the recovery sheet as text) or --key "xxxxxxxx-…".');
  const archiveKey = parseArchiveKey(keyText);
  if (!archiveKey) throw new UsageError('No recovery key found: the sheet has a line "Recovery key: " followed by 64 hexadecimal digits in groups of 8.');
  const wanted = typeof values.backup === 'string' ? values.backup : undefined;
  if (!wanted && !values.latest) {
    const objects = await listRemoteBackups(config, new Set());
    if (objects.length === 0) console.log('There is no Academy backup in this bucket (under this prefix).');
    for (const object of objects) console.log(`${object.name}  ${(object.sizeBytes / 1024 / 1024).toFixed(1)} MB  ${object.lastModified ?? ''}`);
    console.log('\nAdd --backup NAME (or --latest) to restore one.');
    return 0;
  }
  const chosen = await chooseRemoteBackup(config, wanted);
  const target = loadConfig().databaseUrl ? 'the database at DATABASE_URL' : `the Academy in ${loadConfig().dataDir}`;
  console.log(`Backup in the bucket: ${chosen.name}`);
  // The recovery key is checked on the downloaded archive before DATA_DIR, its secret or the
  // database are made or touched (issue 71): a wrong key leaves nothing behind.
  console.log('Downloading it and checking it with the recovery key…');
  const checked = await checkedRemoteBackup(config, archiveKey, chosen);
  try {
    if (!values.yes && !(await confirmRestore(target))) {
      console.log('Nothing was changed.');
      return 1;
    }
    const serverConfig = loadConfig();
    const keys = serverKeysFrom(loadServerSecret(serverConfig));
    const { restored, signed } = await withDatabase((database) =>
      restoreFromBucket(database.db, backupPaths(serverConfig.dataDir), keys, { config, archiveKey, checked, onProgress: progressPrinter() }),
    );
    if (process.stdout.isTTY) process.stdout.write('\n');
    if (!signed) console.log('The backup was signed by another APP_SECRET; the recovery key vouched for it instead, and the audit log records it.');
    console.log(`Restored ${restored.name} from the bucket. Backups of this server are copied to the same bucket from now on.`);
    return 0;
  } finally {
    await checked.remove();
  }
}

const COMMANDS: Record<string, (args: CommandArgs) => Promise<number>> = {
  'users:create': createUserCommand,
  'operators:create': createOperatorCommand,
  'users:set-password': setPasswordCommand,
  'backup:create': createBackupCommand,
  'backup:restore': restoreBackupCommand,
  'academy:export': exportAcademyCommand,
  'academy:import': importAcademyCommand,
  doctor: doctorCommand,
  'backups:restore-remote': restoreRemoteCommand,
  'backup:restore-remote': restoreRemoteCommand,
};

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const args = parseArgs({ args: rest, options: OPTIONS, allowPositionals: command === 'backup:restore' || command === 'academy:import', strict: true });

  // The same variables the service gets from its EnvironmentFile, over whatever this shell has.
  if (typeof args.values['env-file'] === 'string') Object.assign(process.env, parseEnv(fs.readFileSync(args.values['env-file'], 'utf8')));

  const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!run) throw new UsageError(`Unknown command "${command}".`);
  return run(args);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else if (error instanceof AppError || error instanceof TransferError || error instanceof ConfigError || error instanceof DataDirBusyError) console.error(`Error: ${error.message}`);
    else if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) console.error(`${error.message}\n\n${USAGE}`);
    else console.error('Error:', error);
    process.exit(1);
  },
);
