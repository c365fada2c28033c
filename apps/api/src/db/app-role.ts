import pg from 'pg';

/**
 * The application's own database role: it logs in and owns the academy's database and everything in
 * it, and nothing more (no superuser, no creating roles or databases). A query gone wrong can then
 * reach only the academy's own data, never run programs or read files as a superuser could.
 *
 * Idempotent, and the upgrade path for data folders made before the role existed (where everything
 * belonged to the superuser): the role is created when missing, and the database, its schemas and
 * every object in them that the superuser owns are handed to it. Names are quoted with pg's
 * escapeIdentifier (they come from the catalog, never from request data).
 */
export async function ensureAppRole(superuser: pg.ClientConfig, app: { role: string; password: string; database: string }): Promise<void> {
  const admin = new pg.Client({ ...superuser, database: 'postgres' });
  await admin.connect();
  try {
    const role = admin.escapeIdentifier(app.role);
    const password = admin.escapeLiteral(app.password);
    const { rowCount } = await admin.query('select 1 from pg_roles where rolname = $1', [app.role]);
    const verb = rowCount ? 'alter' : 'create';
    await admin.query(`${verb} role ${role} login password ${password} nosuperuser nocreatedb nocreaterole noreplication nobypassrls`);
    await admin.query(`alter database ${admin.escapeIdentifier(app.database)} owner to ${role}`);
  } finally {
    await admin.end();
  }

  const client = new pg.Client({ ...superuser, database: app.database });
  await client.connect();
  try {
    const role = client.escapeIdentifier(app.role);
    const ident = (schema: string, name: string) => `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`;
    const notExtensionMember = (catalog: string, column: string) =>
      `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${column} and d.deptype = 'e')`;
    const { rows: schemas } = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace where nspname in ('public', 'drizzle') and nspowner <> (select oid from pg_roles where rolname = $1) and nspowner <> (select oid from pg_roles where rolname = 'pg_database_owner')`,
      [app.role],
    );
    for (const schema of schemas) await client.query(`alter schema ${client.escapeIdentifier(schema.name)} owner to ${role}`);
    // Tables (their owned sequences and row types follow them), then views, then free-standing sequences.
    const { rows: relations } = await client.query<{ schema: string; name: string; kind: string }>(
      `select n.nspname as schema, c.relname as name, c.relkind as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
         and c.relowner <> (select oid from pg_roles where rolname = $1) and ${notExtensionMember('pg_class', 'c.oid')}
         and not (c.relkind = 'S' and exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i')))`,
      [app.role],
    );
    const keyword: Record<string, string> = { r: 'table', p: 'table', f: 'foreign table', v: 'view', m: 'materialized view', S: 'sequence' };
    for (const kind of ['r', 'p', 'f', 'v', 'm', 'S']) {
      for (const relation of relations.filter((item) => item.kind === kind)) await client.query(`alter ${keyword[kind]} ${ident(relation.schema, relation.name)} owner to ${role}`);
    }
    const { rows: routines } = await client.query<{ signature: string }>(
      `select p.oid::regprocedure::text as signature from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('public', 'drizzle') and p.proowner <> (select oid from pg_roles where rolname = $1) and ${notExtensionMember('pg_proc', 'p.oid')}`,
      [app.role],
    );
    // regprocedure's text is already a quoted, schema-qualified signature.
    for (const routine of routines) await client.query(`alter routine ${routine.signature} owner to ${role}`);
    const { rows: types } = await client.query<{ schema: string; name: string; kind: string }>(
      `select n.nspname as schema, t.typname as name, t.typtype as kind from pg_type t join pg_namespace n on n.oid = t.typnamespace
       where n.nspname in ('public', 'drizzle') and t.typtype in ('e', 'd', 'r') and t.typowner <> (select oid from pg_roles where rolname = $1) and ${notExtensionMember('pg_type', 't.oid')}`,
      [app.role],
    );
    for (const type of types) await client.query(`alter ${type.kind === 'd' ? 'domain' : 'type'} ${ident(type.schema, type.name)} owner to ${role}`);
  } finally {
    await client.end();
  }
}
