import { parseArgs } from 'node:util';
import { isRole, ROLES } from '@academy/shared/roles';
import { ConfigError, loadConfig } from './config';
import { runMigrations } from './db/client';
import { DataDirBusyError, openDatabase, type OpenedDatabase } from './db/open-database';
import { AppError } from './lib/app-error';
import { createUser, setUserPassword } from './modules/users/users.service';

const USAGE = `Academy operator commands (npm run academy -- <command> [options])

  users:create --role <${ROLES.join('|')}> --name "<name>" --email <email> --password <password>
      Create a sign-in account.
  users:set-password --email <email> --password <password>
      Set a new password; every session of that user ends.

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
    await runMigrations(database.pool);
    return await work(database);
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const { values } = parseArgs({
    args: rest,
    options: { role: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } },
    strict: true,
  });

  switch (command) {
    case 'users:create': {
      const role = required(values, 'role');
      if (!isRole(role)) throw new UsageError(`Unknown role "${role}". Use one of: ${ROLES.join(', ')}.`);
      const input = { role, name: required(values, 'name'), email: required(values, 'email'), password: required(values, 'password') };
      const user = await withDatabase((database) => createUser(database.db, input));
      console.log(`Created ${user.role} ${user.name} <${user.email}>.`);
      return 0;
    }
    case 'users:set-password': {
      const email = required(values, 'email');
      const password = required(values, 'password');
      const user = await withDatabase((database) => setUserPassword(database.db, email, password));
      console.log(`Password changed for ${user.email}; their sessions were ended.`);
      return 0;
    }
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else if (error instanceof AppError || error instanceof ConfigError || error instanceof DataDirBusyError) console.error(`Error: ${error.message}`);
    else if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) console.error(`${error.message}\n\n${USAGE}`);
    else console.error('Error:', error);
    process.exit(1);
  },
);
