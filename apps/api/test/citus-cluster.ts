import pg from 'pg';

/*
 * The test databases on a Citus cluster (issue 77, `npm run proof:citus`): TEST_DATABASE_URL is the
 * coordinator and TEST_CITUS_WORKERS names the workers (`host:port,host:port`, the same superuser). Citus
 * keeps its metadata per database, so every test database is made on every node: the template gets the
 * `citus` extension and the workers on each node before its migrations (which distribute the tables,
 * db/citus.ts), and a test database is cloned from the template on every node (the shards' copies on
 * the workers, the metadata on the coordinator: the same names everywhere). Unset: nothing here runs.
 */

export function citusWorkers(): { host: string; port: number }[] {
  const list = process.env.TEST_CITUS_WORKERS?.trim();
  if (!list) return [];
  return list.split(',').map((item) => {
    const [host, port] = item.trim().split(':');
    return { host: host!, port: Number(port) };
  });
}

function onNode(connection: pg.PoolConfig, node: { host: string; port: number }, database?: string): pg.ClientConfig {
  const url = new URL(connection.connectionString!);
  url.hostname = node.host;
  url.port = String(node.port);
  if (database) url.pathname = `/${database}`;
  return { connectionString: url.toString() };
}

async function onEach<T>(configs: pg.ClientConfig[], work: (client: pg.Client) => Promise<T>): Promise<void> {
  for (const config of configs) {
    const client = new pg.Client(config);
    await client.connect();
    try {
      await work(client);
    } finally {
      await client.end();
    }
  }
}

/** The superuser connection to `database` on the coordinator (TEST_DATABASE_URL's host). */
function coordinator(connection: pg.PoolConfig, database?: string): pg.ClientConfig {
  const url = new URL(connection.connectionString!);
  if (database) url.pathname = `/${database}`;
  return { connectionString: url.toString() };
}

/**
 * After `create database <name>` on the coordinator: the same database on the workers, `citus` in each,
 * and the workers added to the coordinator's metadata of this database.
 */
export async function makeCitusDatabase(connection: pg.PoolConfig, name: string, owner: string): Promise<void> {
  const workers = citusWorkers();
  if (workers.length === 0) return;
  await onEach(
    workers.map((node) => onNode(connection, node)),
    async (client) => {
      await client.query(`create database "${name}" owner ${client.escapeIdentifier(owner)}`);
    },
  );
  await onEach([...workers.map((node) => onNode(connection, node, name)), coordinator(connection, name)], async (client) => {
    await client.query('create extension if not exists citus');
  });
  await onEach([coordinator(connection, name)], async (client) => {
    for (const node of workers) await client.query('select citus_add_node($1, $2)', [node.host, node.port]);
  });
}

/**
 * `create database <name> template <template>` on every node. Citus' background workers keep the
 * template open now and then, which PostgreSQL refuses for a template: their sessions are ended and the
 * copy tried again.
 */
export async function cloneCitusDatabase(connection: pg.PoolConfig, name: string, template: string, owner: string): Promise<void> {
  const nodes = [...citusWorkers().map((node) => onNode(connection, node)), coordinator(connection)];
  await onEach(nodes, async (client) => {
    for (let attempt = 1; ; attempt++) {
      await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [template]);
      try {
        await client.query(`create database "${name}" owner ${client.escapeIdentifier(owner)} template "${template}"`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  });
}

/**
 * CHECKPOINT on the node of `connection` and, on a Citus cluster, on every worker: the benches flush what
 * their seeding wrote before measuring, so a checkpoint it would start does not fall into a measured window.
 */
export async function checkpointEveryNode(connection: pg.PoolConfig): Promise<void> {
  // The node itself as given (the bundled PostgreSQL's is no connection string); the workers by their addresses.
  await onEach([connection, ...citusWorkers().map((node) => onNode(connection, node))], async (client) => {
    await client.query('checkpoint');
  });
}

/** Drops a run's databases on the workers (the coordinator's are dropped by the global setup). */
export async function dropCitusDatabases(connection: pg.PoolConfig, pattern: string): Promise<void> {
  await onEach(
    citusWorkers().map((node) => onNode(connection, node)),
    async (client) => {
      const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [pattern]);
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    },
  );
}

/**
 * The test databases are on a Citus cluster (`npm run proof:citus`): a test states there what holds on
 * Citus where it differs from plain PostgreSQL (decision 053), never skips it.
 */
export function onCitus(): boolean {
  return citusWorkers().length > 0;
}
