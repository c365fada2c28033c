import { BlockList, isIP } from 'node:net';
import type { TrustProxy } from '../config';

/**
 * The verdicts of `npm run academy -- doctor` (issue 52), as pure functions of facts gathered
 * elsewhere (./run-doctor.ts), so each verdict is tested on its own. A verdict names what was seen
 * and, when something is wrong, what to do.
 */
export type Status = 'ok' | 'warn' | 'fail';
export type Verdict = { status: Status; check: string; message: string; fix?: string };

const ok = (check: string, message: string): Verdict => ({ status: 'ok', check, message });
const warn = (check: string, message: string, fix?: string): Verdict => ({ status: 'warn', check, message, fix });
const fail = (check: string, message: string, fix?: string): Verdict => ({ status: 'fail', check, message, fix });

export const SYMBOLS: Record<Status, string> = { ok: '✓', warn: '!', fail: '✗' };

/** One line per verdict: "✓ APP_SECRET: 64 characters, random-looking", the fix after an arrow. */
export function formatVerdict(verdict: Verdict): string {
  return `${SYMBOLS[verdict.status]} ${verdict.check}: ${verdict.message}${verdict.fix ? ` → ${verdict.fix}` : ''}`;
}

export function checkNodeEnv(env: string): Verdict {
  if (env === 'production') return ok('NODE_ENV', 'production');
  return fail('NODE_ENV', `is ${env}: the server seeds a demo academy with a published password and relaxes its checks`, 'set NODE_ENV=production');
}

/** Without METRICS_TOKEN, /metrics answers this machine only: a monitoring server elsewhere cannot read it. */
export function checkMetricsToken(token: string | undefined): Verdict {
  if (token) return ok('METRICS_TOKEN', `set (${token.length} characters): /metrics answers a bearer of it`);
  return warn('METRICS_TOKEN', 'not set: /metrics answers only this machine, so a monitoring server elsewhere cannot read it', 'set METRICS_TOKEN (openssl rand -hex 24) and give it to Prometheus (deploy/prometheus/prometheus.yml)');
}

// Values that were published somewhere (this repository's examples and benchmarks) are no secret.
const KNOWN_EXAMPLE_SECRETS = new Set(['bench-secret-bench-secret-bench-secret-0123', 'x'.repeat(32)]);
const EXAMPLE_WORDS = /change.?me|replace.?me|example|your.?secret|put.?your|^x+$/i;

/** Shannon entropy of the characters, in bits per character. */
function bitsPerCharacter(value: string): number {
  const counts = new Map<string, number>();
  for (const character of value) counts.set(character, (counts.get(character) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Share of distinct three-character pieces: near 1 for random text, low for text that repeats itself. */
function distinctTrigramShare(value: string): number {
  if (value.length < 4) return 0;
  const trigrams = new Set<string>();
  for (let index = 0; index + 3 <= value.length; index += 1) trigrams.add(value.slice(index, index + 3));
  return trigrams.size / (value.length - 2);
}

export function checkAppSecret(secret: string | undefined): Verdict {
  const generate = 'generate one with `openssl rand -hex 32` (sessions stay valid; one-time codes sent before the change stop working)';
  if (!secret) return fail('APP_SECRET', 'is not set', generate);
  if (secret.length < 32) return fail('APP_SECRET', `has ${secret.length} characters; at least 32 are needed`, generate);
  if (KNOWN_EXAMPLE_SECRETS.has(secret) || EXAMPLE_WORDS.test(secret)) return fail('APP_SECRET', 'is an example value, not a secret', generate);
  // openssl rand -hex gives about 4 bits per character, base64 about 6; a word repeated gives far less.
  if (bitsPerCharacter(secret) < 3 || distinctTrigramShare(secret) < 0.6) return fail('APP_SECRET', `has ${secret.length} characters but repeats itself (easy to guess)`, generate);
  return ok('APP_SECRET', `${secret.length} characters, random-looking`);
}

export function checkPublicUrl(publicUrl: string | undefined): Verdict {
  if (!publicUrl) return fail('PUBLIC_URL', 'is not set', 'set it to the address people open, e.g. PUBLIC_URL=https://academy.example.in');
  const url = new URL(publicUrl);
  if (url.protocol !== 'https:') return fail('PUBLIC_URL', `${publicUrl} is not https: passwords and session cookies would cross the network readable`, `serve it over HTTPS (deploy/Caddyfile) and set PUBLIC_URL=https://${url.host}`);
  // config.ts removes trailing slashes; anything else after the host would end up inside every link.
  if (url.origin !== publicUrl) return fail('PUBLIC_URL', `${publicUrl} is not a bare origin (it has a path, query or user)`, `set PUBLIC_URL=${url.origin}; Academy is served at the root of its own host`);
  return ok('PUBLIC_URL', publicUrl);
}

export type SmtpFacts = { configured: false } | { configured: true; server: string; signsIn?: boolean; error?: string };

export function checkSmtp(facts: SmtpFacts): Verdict {
  if (!facts.configured) return fail('SMTP_URL', 'is not set: password-reset and other mails are only written to DATA_DIR/outbox', 'set SMTP_URL=smtps://user:password@smtp.example.in:465');
  if (facts.error) return fail('SMTP_URL', `${facts.server} did not accept us: ${facts.error}`, 'check the host, port, user and password (percent-encoded), and that this machine may connect out to that port');
  return ok('SMTP_URL', facts.signsIn ? `${facts.server} answered and accepted the sign-in` : `${facts.server} answered (SMTP_URL names no user: no sign-in)`);
}

// Domains reserved for examples and local use (RFC 2606, RFC 6761): mail from them is refused or lost.
const RESERVED_DOMAIN = /(^|\.)(example\.(com|net|org|in)|example|test|invalid|localhost|local|localdomain|internal)$/i;

export function checkMailFrom(mailFrom: { name: string; address: string }): Verdict {
  const domain = mailFrom.address.split('@').pop()!.toLowerCase();
  const fix = 'set MAIL_FROM to an address of your own domain, e.g. MAIL_FROM="Shree Academy <office@shreeacademy.in>"';
  const labels = domain.split('.');
  const realLooking = labels.length >= 2 && labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label)) && /^[a-z]{2,}$/.test(labels.at(-1)!);
  if (!realLooking || isIP(domain) !== 0) return fail('MAIL_FROM', `${mailFrom.address} is not at a real domain`, fix);
  if (RESERVED_DOMAIN.test(domain)) return fail('MAIL_FROM', `${mailFrom.address} is at a reserved domain (${domain}): mail from it is refused as spam or lost`, fix);
  if (!mailFrom.name) return warn('MAIL_FROM', `${mailFrom.address} has no name: families see a bare address`, `add the academy's name: MAIL_FROM="Shree Academy <${mailFrom.address}>"`);
  return ok('MAIL_FROM', `${mailFrom.name} <${mailFrom.address}>`);
}

// proxy-addr's (Fastify's) names for address ranges, so a TRUST_PROXY written with them is matched here too.
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** An IPv4 address written as IPv6 (::ffff:127.0.0.1) is the IPv4 address. */
export function plainAddress(address: string): string {
  return address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
}

/** Whether TRUST_PROXY names this address, as Fastify (proxy-addr) would decide. */
export function trustsAddress(trustProxy: TrustProxy, address: string): boolean {
  if (trustProxy === false) return false;
  const list = new BlockList();
  for (const entry of trustProxy.flatMap((item) => NAMED_RANGES[item] ?? [item])) {
    const [base = '', prefix] = entry.split('/');
    const family = isIP(base) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(base, family);
    else list.addSubnet(base, Number(prefix), family);
  }
  const plain = plainAddress(address);
  const family = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
  return isIP(plain) !== 0 && list.check(plain, family);
}

/** What GET /api/health/peer answered: how the doctor's own request reached the server. */
export type PeerProbe = {
  peer: string;
  forwardedFor: string | null;
  forwardedProto: string | null;
  forwardingTrusted: boolean;
  clientIp: string;
  protocol: string;
};

/** The made-up client address the doctor's probe claims in its own X-Forwarded-For (TEST-NET-3, RFC 5737). */
export const FORGED_ADDRESS = '203.0.113.77';

export type TrustProxyFacts = {
  trustProxy: TrustProxy;
  /** The address the probe was sent to. */
  url: string;
  /** The server's answer; undefined when it could not be asked (reported by the reachability check). */
  probe: PeerProbe | undefined;
};

/**
 * TRUST_PROXY against how a request really arrives. The probe carries X-Forwarded-For: FORGED_ADDRESS,
 * so one request shows both whether a proxy adds the client's address and whether a client can
 * choose its own.
 */
export function checkTrustProxy({ trustProxy, url, probe }: TrustProxyFacts): Verdict {
  const setting = trustProxy === false ? 'false' : trustProxy.join(',');
  if (!probe) return warn('TRUST_PROXY', `not checked: ${url} did not answer (see above)`);
  const peer = plainAddress(probe.peer);
  const clientIp = plainAddress(probe.clientIp);
  // A proxy in between added (or replaced) the forwarded address; the header as sent means none did.
  const proxyAdded = probe.forwardedFor !== null && probe.forwardedFor.trim() !== FORGED_ADDRESS;
  const httpsUrl = url.startsWith('https://');

  if (clientIp === FORGED_ADDRESS) {
    // The hop before the forged address is the doctor itself as the proxy saw it: when that address is
    // trusted too (doctor on the proxy's machine), accepting the forged one proves nothing about clients.
    const hops = (probe.forwardedFor ?? '').split(',').map((hop) => plainAddress(hop.trim()));
    const seenByProxy = hops.at(-1);
    if (proxyAdded && seenByProxy && seenByProxy !== FORGED_ADDRESS && trustsAddress(trustProxy, seenByProxy)) {
      return warn('TRUST_PROXY', `could not test from here: this machine reaches the proxy as ${seenByProxy}, itself in TRUST_PROXY=${setting}`, 'run the doctor from another machine with --url');
    }
    return fail(
      'TRUST_PROXY',
      `a request claiming X-Forwarded-For: ${FORGED_ADDRESS} was counted as ${FORGED_ADDRESS}: any client can choose its own address and escape the sign-in limit`,
      proxyAdded
        ? 'make the proxy replace or append the client address (Caddy does by default; nginx: proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for)'
        : `requests reach the server directly from ${peer}: set TRUST_PROXY=false, or keep the port closed to all but the proxy`,
    );
  }

  if (proxyAdded && !probe.forwardingTrusted) {
    return fail(
      'TRUST_PROXY',
      `requests come through a proxy at ${peer} but TRUST_PROXY=${setting}: every family shares one sign-in limit (all count as ${peer})`,
      `set TRUST_PROXY=${peer}`,
    );
  }
  if (proxyAdded) {
    if (httpsUrl && probe.protocol !== 'https') {
      return warn('TRUST_PROXY', `requests come through the proxy at ${peer} (trusted), but it does not say they were HTTPS`, 'make the proxy send X-Forwarded-Proto (Caddy does; nginx: proxy_set_header X-Forwarded-Proto $scheme)');
    }
    return ok('TRUST_PROXY', `requests come through the proxy at ${peer} (in TRUST_PROXY=${setting}); each client is counted by its own address (this one as ${clientIp})`);
  }
  // No proxy added an address.
  if (httpsUrl) {
    return fail(
      'TRUST_PROXY',
      `requests to ${url} arrive from ${peer} without the client's address: every family shares one sign-in limit`,
      'make the proxy send X-Forwarded-For (Caddy does by default; nginx: proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for)',
    );
  }
  if (trustProxy !== false) {
    return fail(
      'TRUST_PROXY',
      `requests reach the server directly from ${peer}, not through a proxy, yet TRUST_PROXY=${setting}: a client at one of those addresses can forge X-Forwarded-For`,
      'set TRUST_PROXY=false, or let clients reach the server only through the proxy',
    );
  }
  return ok('TRUST_PROXY', `false, and requests reach the server directly (from ${peer})`);
}

export type ReachFacts = { url: string; error?: string; status?: number };

export function checkReachable({ url, error, status }: ReachFacts): Verdict {
  if (error) return fail('PUBLIC_URL answers', `${url} could not be reached: ${error}`, 'start the server and the proxy (systemctl status academy caddy), and check DNS and the certificate');
  if (status !== 200) return fail('PUBLIC_URL answers', `${url}/api/health/peer answered ${status}: is this the Academy server, and as new as this doctor?`, 'check the proxy sends the whole site to the server');
  return ok('PUBLIC_URL answers', `${url} answers`);
}

const GIB = 1024 ** 3;

export type DataDirFacts = {
  path: string;
  exists: boolean;
  isDirectory?: boolean;
  mode?: number;
  ownerUid?: number;
  /** The user running the doctor (should be the server's user). */
  currentUid: number;
  writable?: boolean;
  freeBytes?: number;
  totalBytes?: number;
};

export function checkDataDir(facts: DataDirFacts): Verdict[] {
  const name = 'DATA_DIR';
  if (!facts.exists) return [fail(name, `${facts.path} does not exist`, 'check DATA_DIR; the server creates it at its first start')];
  if (!facts.isDirectory) return [fail(name, `${facts.path} is not a folder`, 'point DATA_DIR at a folder')];
  const verdicts: Verdict[] = [];
  const mode = (facts.mode ?? 0) & 0o777;
  const modeText = mode.toString(8).padStart(4, '0');
  // Others may pass through (0711: the bundled PostgreSQL run as `postgres` under root needs that), never list or write.
  if (mode & 0o006) {
    verdicts.push(fail(name, `${facts.path} has mode ${modeText}: other users of this machine can ${mode & 0o002 ? 'write' : 'list'} it`, `chmod o-rw ${facts.path} (0750, or 0711 when the server runs as root and the bundled PostgreSQL as postgres)`));
  } else if (!facts.writable) {
    verdicts.push(fail(name, `${facts.path} is not writable by this user (uid ${facts.currentUid})`, 'run the doctor as the server\'s user (sudo -u academy …), or chown the folder to it'));
  } else if (facts.ownerUid !== facts.currentUid) {
    verdicts.push(warn(name, `${facts.path} belongs to uid ${facts.ownerUid}, not to this user (uid ${facts.currentUid})`, 'run the doctor as the server\'s user, e.g. sudo -u academy npm run academy -- doctor'));
  } else {
    verdicts.push(ok(name, `${facts.path}, mode ${modeText}, owned and writable by this user`));
  }
  if (facts.freeBytes !== undefined && facts.totalBytes) {
    const share = facts.freeBytes / facts.totalBytes;
    const text = `${(facts.freeBytes / GIB).toFixed(1)} GiB free (${Math.round(share * 100)} %)`;
    if (share < 0.1 || facts.freeBytes < GIB) verdicts.push(fail('disk space', `${text} where DATA_DIR lives; backups and uploads need room`, 'free space or move DATA_DIR to a larger disk (at least 1 GiB and 10 % free)'));
    else verdicts.push(ok('disk space', text));
  }
  return verdicts;
}

export const BACKUP_MAX_AGE_HOURS = 26;

export type BackupFacts = { newest?: { name: string; createdAt: string; readable: boolean }; count: number; error?: string };

export function checkLastBackup(facts: BackupFacts, now: Date): Verdict {
  if (facts.error) return fail('last backup', `the backups could not be listed: ${facts.error}`);
  if (!facts.newest) return fail('last backup', 'there is no backup yet', 'make one now: npm run academy -- backup:create (the automatic one runs daily at the time set on the Backup screen)');
  const hours = (now.getTime() - Date.parse(facts.newest.createdAt)) / 3_600_000;
  const age = hours < 1 ? `${Math.max(0, Math.round(hours * 60))} min` : `${hours.toFixed(1)} h`;
  if (!facts.newest.readable) return fail('last backup', `the newest backup (${facts.newest.name}) cannot be read`, 'make a fresh one: npm run academy -- backup:create');
  if (hours > BACKUP_MAX_AGE_HOURS) {
    return fail('last backup', `the newest is ${age} old (${facts.newest.name}): the daily automatic backup is not happening`, 'look at Background jobs on the Backup screen and the server log; npm run academy -- backup:create makes one now');
  }
  return ok('last backup', `${age} old (${facts.newest.name}; ${facts.count} kept)`);
}

/**
 * Every academy's backups (issue 71): one academy (a one-academy installation, or the database did not
 * say which academies there are) reads as before; with several, each academy whose newest backup is
 * missing, unreadable or too old is named by its slug.
 */
export function checkEveryAcademysBackups(all: (BackupFacts & { academy: string })[], now: Date): Verdict {
  if (all.length <= 1) return checkLastBackup(all[0] ?? { count: 0 }, now);
  const failing = all.map((facts) => ({ academy: facts.academy, verdict: checkLastBackup(facts, now) })).filter(({ verdict }) => verdict.status !== 'ok');
  if (failing.length === 0) return ok('last backup', `every academy's newest backup is under ${BACKUP_MAX_AGE_HOURS} h old (${all.length} academies)`);
  return fail('last backup', failing.map(({ academy, verdict }) => `${academy}: ${verdict.message}`).join('; '), failing[0]!.verdict.fix);
}

/** An academy that set its own app (issue 78): what it set, and what its address answered at /.well-known/assetlinks.json. */
export type AssetLinksFacts = { academy: string; url: string; packageName: string; fingerprints: string[]; status?: number; body?: unknown; error?: string };

/** What is wrong with one academy's served statement, or undefined when it states the app as set. */
export function assetLinksProblem(facts: AssetLinksFacts): string | undefined {
  if (facts.error) return `${facts.url} did not answer (${facts.error})`;
  if (facts.status !== 200) return `${facts.url} answered ${facts.status}, not 200`;
  if (!Array.isArray(facts.body)) return `${facts.url} is not a JSON list of statements`;
  const statement = (facts.body as unknown[]).find((one) => {
    const { relation, target } = (one ?? {}) as { relation?: unknown; target?: { namespace?: unknown; package_name?: unknown; sha256_cert_fingerprints?: unknown } };
    return Array.isArray(relation) && relation.includes('delegate_permission/common.handle_all_urls') && target?.namespace === 'android_app' && target.package_name === facts.packageName;
  }) as { target: { sha256_cert_fingerprints?: unknown } } | undefined;
  if (!statement) return `${facts.url} has no handle_all_urls statement for ${facts.packageName}`;
  const served = statement.target.sha256_cert_fingerprints;
  if (!Array.isArray(served) || served.some((print) => typeof print !== 'string' || !/^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/.test(print))) return `${facts.url} has malformed SHA-256 fingerprints`;
  const missing = facts.fingerprints.filter((print) => !served.includes(print));
  if (missing.length > 0) return `${facts.url} lacks ${missing.length} of the fingerprints saved in Settings → Your app`;
  return undefined;
}

/** Each academy that set its own Play Store app serves a well-formed statement naming it (issue 78). */
export function checkAssetLinks(all: AssetLinksFacts[]): Verdict {
  if (all.length === 0) return ok('app links', 'no academy has set its own Play Store app');
  const problems = all.flatMap((facts) => {
    const problem = assetLinksProblem(facts);
    return problem ? [`${facts.academy}: ${problem}`] : [];
  });
  if (problems.length === 0) return ok('app links', `${all.length} academ${all.length === 1 ? 'y serves its' : 'ies serve their'} /.well-known/assetlinks.json as set`);
  return fail('app links', problems.join('; '), 'the Android app opens in a browser bar until its address serves the statement: check the proxy passes /.well-known/ to the server and the fingerprints in Settings → Your app');
}

export type DatabaseFacts = {
  description: string;
  error?: string;
  /** The newest applied migration's tag; undefined when none is applied. */
  applied?: string;
  /** The newest migration this build ships. */
  latest: string;
  /** Whether the applied migration is one this build knows. */
  known?: boolean;
  /** Whether the role the server serves as owns the tables (one role for serving and migrations; decision 068). */
  servingOwnsTables?: boolean;
  /** The active academies (id and slug), when the database answered. */
  academies?: { id: string; slug: string }[];
};

export function checkDatabase(facts: DatabaseFacts): Verdict {
  if (facts.error) return fail('database', `${facts.description}: ${facts.error}`);
  if (!facts.applied) return fail('database', `${facts.description} answers but has no tables yet`, 'start the server once: it applies the migrations');
  if (!facts.known) return fail('database', `${facts.description} is at ${facts.applied}, newer than this build (${facts.latest})`, 'run the newest Academy version against it');
  if (facts.applied !== facts.latest) return fail('database', `${facts.description} is at ${facts.applied}, this build ships ${facts.latest}`, 'restart the server: it applies the missing migrations at start');
  if (facts.servingOwnsTables) {
    return warn(
      'database',
      `${facts.description} answers, migrations current (${facts.latest}), but the server serves as the role that owns the tables: a statement slipped into a query could turn row-level security off`,
      'give the server a role that owns nothing in DATABASE_URL and the owner in MIGRATION_DATABASE_URL (README: "Using your own PostgreSQL")',
    );
  }
  return ok('database', `${facts.description} answers; migrations current (${facts.latest})`);
}

export const CLOCK_TOLERANCE_SECONDS = 60;

export type ClockFacts = { local: Date; http?: Date; database?: Date };

/** This machine's clock against the site's HTTP Date header and the database's now(). */
export function checkClock({ local, http, database }: ClockFacts): Verdict {
  const offsets: { what: string; seconds: number }[] = [];
  if (http) offsets.push({ what: 'the site (HTTP Date)', seconds: (http.getTime() - local.getTime()) / 1000 });
  if (database) offsets.push({ what: 'the database', seconds: (database.getTime() - local.getTime()) / 1000 });
  if (offsets.length === 0) return warn('clock', 'not compared: neither the site nor the database answered');
  const off = offsets.filter((offset) => Math.abs(offset.seconds) > CLOCK_TOLERANCE_SECONDS);
  const describe = (offset: { what: string; seconds: number }) => `${offset.what} ${offset.seconds >= 0 ? '+' : ''}${Math.round(offset.seconds)} s`;
  if (off.length > 0) {
    return warn('clock', `differs by more than ${CLOCK_TOLERANCE_SECONDS} s: ${off.map(describe).join(', ')}`, 'turn on time sync on each machine (timedatectl set-ntp true): codes expire and backups are named by the clock');
  }
  // HTTP dates have whole seconds: within a second or two is "the same".
  return ok('clock', `agrees with ${offsets.map((offset) => offset.what).join(' and ')} (within ${Math.max(1, Math.ceil(Math.max(...offsets.map((offset) => Math.abs(offset.seconds)))))} s)`);
}

/** The doctor's exit code: 0 when nothing failed (warnings allowed), 1 otherwise. */
export function exitCodeOf(verdicts: Verdict[]): number {
  return verdicts.some((verdict) => verdict.status === 'fail') ? 1 : 0;
}

/** The last line: all well, or each problem by name. */
export function summaryOf(verdicts: Verdict[]): string {
  const failed = verdicts.filter((verdict) => verdict.status === 'fail').map((verdict) => verdict.check);
  const warned = verdicts.filter((verdict) => verdict.status === 'warn').length;
  const warnings = warned > 0 ? ` (${warned} warning${warned === 1 ? '' : 's'})` : '';
  if (failed.length === 0) return `All ${verdicts.length} checks passed${warnings}.`;
  // Several refused settings are each a `configuration` problem: counted each, named once.
  return `${failed.length} problem${failed.length === 1 ? '' : 's'}: ${[...new Set(failed)].join(', ')}${warnings}.`;
}
