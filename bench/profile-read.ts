/**
 * Profiling one read: `npx tsx bench/profile-read.ts <database url> <email> <path> [seconds]` starts
 * the built server with --cpu-prof on an existing database (one `BENCH_KEEP=1 npm run bench` kept),
 * drives the read saturated, stops the server and names the .cpuprofile it wrote (open it in
 * Chrome's DevTools, Performance tab).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureApiBuilt, signIn, startServer } from './http-bench';

const [databaseUrl, email, read, seconds = '5'] = process.argv.slice(2);
if (!databaseUrl || !email || !read) throw new Error('usage: tsx bench/profile-read.ts <database url> <email> <path> [seconds]');
ensureApiBuilt();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-profile-'));
const profiles = path.join(work, 'profiles');
// MIGRATION_DATABASE_URL: the owner role's address when <database url> is the serving role's (the server migrates first).
const migrationUrl = process.env.MIGRATION_DATABASE_URL;
const server = await startServer({ dataDir: path.join(work, 'data'), databaseUrl, cpuProfileDir: profiles, ...(migrationUrl ? { env: () => ({ MIGRATION_DATABASE_URL: migrationUrl }) } : {}) });
try {
  const cookie = await signIn(server.url, email, 'bench-password-2026');
  const result = await autocannon({ url: `${server.url}${read}`, connections: 10, duration: Number(seconds), headers: { cookie, 'accept-encoding': 'gzip' } });
  console.log(`${read}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`);
} finally {
  await server.stop();
}
console.log(`profile: ${fs.readdirSync(profiles).map((name) => path.join(profiles, name)).join(', ')}`);
