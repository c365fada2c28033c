import pg from 'pg';

/**
 * The application's two database roles (issue 71, decision 068), neither a superuser, neither able to
 * create roles or databases or to bypass row-level security:
 * - the **owner** owns the academy's database, its schemas and every table; migrations and restores
 *   (which build tables) run as it;
 * - the **serving** role, which every request's statement runs as, owns nothing: it may read and write
 *   rows (SELECT/INSERT/UPDATE/DELETE), use sequences and call functions, no more. A statement slipped
 *   into a query (SQL injection) can then never `ALTER TABLE … NO FORCE ROW LEVEL SECURITY`, drop a
 *   table or make one: only a table's owner may, and the serving role is not the owner, nor a member of it.
 */
export type AppRoles = { owner: { role: string; password: string }; serving: { role: string; password: string }; database: string };

type Queryable = Pick<pg.Client, 'query' | 'escapeIdentifier'>;

/**
 * Idempotent (every start of the bundled PostgreSQL runs it), made by the superuser. Also the upgrade
 * path of older data folders:
 * - before any app role existed, everything belonged to the superuser;
 * - before issue 71, one app role (now the serving role) owned the database and everything in it.
 * Both roles are created when missing; the database, its schemas and every object in them are then
 * handed to the owner (REASSIGN OWNED moves the serving role's, the pg_trgm extension included), and
 * the serving role is given its rows (grantServingRole). Ownership changes move no row.
 * Names are quoted with pg's escapeIdentifier (they come from our constants, never from request data).
 */
export async function ensureAppRoles(superuser: pg.ClientConfig, roles: AppRoles): Promise<void> {
  const { owner, serving, database } = roles;
  const admin = new pg.Client({ ...superuser, database: 'postgres' });
  await admin.connect();
  try {
    for (const { role, password } of [owner, serving]) {
      const { rowCount } = await admin.query('select 1 from pg_roles where rolname = $1', [role]);
      await admin.query(
        `${rowCount ? 'alter' : 'create'} role ${admin.escapeIdentifier(role)} login password ${admin.escapeLiteral(password)} nosuperuser nocreatedb nocreaterole noreplication nobypassrls`,
      );
    }
    await admin.query(`alter database ${admin.escapeIdentifier(database)} owner to ${admin.escapeIdentifier(owner.role)}`);
  } finally {
    await admin.end();
  }

  const client = new pg.Client({ ...superuser, database });
  await client.connect();
  try {
    // Everything the serving role owns in this database (a data folder from before issue 71) becomes the owner's.
    await client.query(`reassign owned by ${client.escapeIdentifier(serving.role)} to ${client.escapeIdentifier(owner.role)}`);
    await handOverToOwner(client, owner.role);
    await grantServingRole(client, { owner: owner.role, serving: serving.role });
  } finally {
    await client.end();
  }
}

/** What the superuser still owns in `public` and `drizzle` (a data folder from before any app role) goes to the owner. */
async function handOverToOwner(client: pg.Client, ownerRole: string): Promise<void> {
  const role = client.escapeIdentifier(ownerRole);
  const ident = (schema: string, name: string) => `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`;
  const notExtensionMember = (catalog: string, column: string) =>
    `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${column} and d.deptype = 'e')`;
  const { rows: schemas } = await client.query<{ name: string }>(
    `select nspname as name from pg_namespace where nspname in ('public', 'drizzle') and nspowner <> (select oid from pg_roles where rolname = $1) and nspowner <> (select oid from pg_roles where rolname = 'pg_database_owner')`,
    [ownerRole],
  );
  for (const schema of schemas) await client.query(`alter schema ${client.escapeIdentifier(schema.name)} owner to ${role}`);
  // Tables (their owned sequences and row types follow them), then views, then free-standing sequences.
  const { rows: relations } = await client.query<{ schema: string; name: string; kind: string }>(
    `select n.nspname as schema, c.relname as name, c.relkind as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
       and c.relowner <> (select oid from pg_roles where rolname = $1) and ${notExtensionMember('pg_class', 'c.oid')}
       and not (c.relkind = 'S' and exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i')))`,
    [ownerRole],
  );
  const keyword: Record<string, string> = { r: 'table', p: 'table', f: 'foreign table', v: 'view', m: 'materialized view', S: 'sequence' };
  for (const kind of ['r', 'p', 'f', 'v', 'm', 'S']) {
    for (const relation of relations.filter((item) => item.kind === kind)) await client.query(`alter ${keyword[kind]} ${ident(relation.schema, relation.name)} owner to ${role}`);
  }
  const { rows: routines } = await client.query<{ signature: string }>(
    `select p.oid::regprocedure::text as signature from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('public', 'drizzle') and p.proowner <> (select oid from pg_roles where rolname = $1) and ${notExtensionMember('pg_proc', 'p.oid')}`,
    [ownerRole],
  );
  // regprocedure's text is already a quoted, schema-qualified signature.
  for (const routine of routines) await client.query(`alter routine ${routine.signature} owner to ${role}`);
  const { rows: types } = await client.query<{ schema: string; name: string; kind: string }>(
    `select n.nspname as schema, t.typname as name, t.typtype as kind from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname in ('public', 'drizzle') and t.typtype in ('e', 'd', 'r') and t.typowner <> (select oid from pg_roles where rolname = $1) and ${notExtensionMember('pg_type', 't.oid')}`,
    [ownerRole],
  );
  for (const type of types) await client.query(`alter ${type.kind === 'd' ? 'domain' : 'type'} ${ident(type.schema, type.name)} owner to ${role}`);
}

/**
 * Gives the serving role what serving needs and nothing more, on what exists now and (default
 * privileges) on what the owner makes later: a table a later migration adds is the serving role's to
 * use the moment it exists. Run by the owner after its migrations at every start (db/prepare-database.ts),
 * or by a superuser (`for role` names the owner either way). Idempotent.
 * - `public`: rows of every table (SELECT, INSERT, UPDATE, DELETE; no TRUNCATE, which ignores
 *   row-level security, no REFERENCES, no TRIGGER), sequences (nextval, setval), functions.
 * - Every schema the owner makes: USAGE, and SELECT on its tables: `drizzle` (the applied migrations,
 *   read by backups and the doctor), made by the first migration; a restore's scratch schema, which
 *   lives and dies inside the restore's transaction, so no other session ever sees it.
 * - Nobody else may create in `public` (PostgreSQL before 15 lets every role).
 */
export async function grantServingRole(client: Queryable, roles: { owner: string; serving: string }): Promise<void> {
  const owner = client.escapeIdentifier(roles.owner);
  const serving = client.escapeIdentifier(roles.serving);
  const statements = [
    'revoke create on schema public from public',
    `grant usage on schema public to ${serving}`,
    `grant select, insert, update, delete on all tables in schema public to ${serving}`,
    `grant usage, select, update on all sequences in schema public to ${serving}`,
    `grant execute on all functions in schema public to ${serving}`,
    `alter default privileges for role ${owner} grant usage on schemas to ${serving}`,
    `alter default privileges for role ${owner} grant select on tables to ${serving}`,
    `alter default privileges for role ${owner} in schema public grant insert, update, delete on tables to ${serving}`,
    `alter default privileges for role ${owner} in schema public grant usage, select, update on sequences to ${serving}`,
    `alter default privileges for role ${owner} in schema public grant execute on functions to ${serving}`,
  ];
  for (const statement of statements) await client.query(statement);
  const { rows } = await client.query<{ present: boolean }>(`select to_regnamespace('drizzle') is not null as present`);
  if (rows[0]?.present) {
    await client.query(`grant usage on schema drizzle to ${serving}`);
    await client.query(`grant select on all tables in schema drizzle to ${serving}`);
  }
}
