import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { OWN_DOMAIN_FILE_PATH, OWN_DOMAIN_MESSAGES, OWN_DOMAIN_TXT_PREFIX, OWN_DOMAINS_MAX, type OwnDomain, type OwnDomains } from '@academy/shared/schemas/own-domains';
import type { Hosting } from '../../config';
import type { Db } from '../../db/client';
import { academyDomains } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { getText, type OutboundPolicy } from '../../lib/outbound-address';
import { recordAudit, type AuditActor } from '../audit';

/**
 * An academy's own domain (issue 55, decision 053): the admin adds `www.shreeacademy.in`, proves the
 * domain is theirs with a TXT record `_academy.<domain>` or a file `/.well-known/academy-verification`
 * on the domain's present site (either holding the token shown), and from then on the host plugin
 * (hosting.ts) serves the academy at that host too.
 *
 * `academy_domains` is a platform table (no row-level security: the host plugin reads it before any
 * academy is known), so every query here names the academy itself. They run in the request's academy
 * context all the same, so the audit entries written beside them are that academy's.
 */

/** How the proof is looked for. The real ones ask DNS and the domain's site; tests point them at stand-ins. */
export type DomainChecks = {
  /** Every TXT record at a name (each record's strings); an unknown name is an empty list. */
  txt(name: string): Promise<string[][]>;
  /** The proof file's text at the domain (https, then http), or undefined when there is none. */
  file(domain: string): Promise<string | undefined>;
};

export type OwnDomainDeps = { db: Db; hosting: Hosting; checks: DomainChecks };

const CHECK_TIMEOUT_MS = 5_000;
/** A token is 32 characters; a page much longer than that is not the file. */
const FILE_MAX_BYTES = 512;

/**
 * The real checks: TXT records through `dnsServers` (the system's when empty), the file through the
 * outbound guard (a domain that resolves inside the server's network is not fetched in production).
 * `filePort`: tests only, where the stand-in site cannot listen on 80 or 443.
 */
export function realDomainChecks(options: { dnsServers: readonly string[]; outbound: OutboundPolicy; filePort?: number }): DomainChecks {
  const resolver = new Resolver({ timeout: CHECK_TIMEOUT_MS, tries: 2 });
  if (options.dnsServers.length > 0) resolver.setServers([...options.dnsServers]);
  return {
    async txt(name) {
      try {
        return await resolver.resolveTxt(name);
      } catch {
        // No such name, no TXT record, or DNS not answering: the proof is not there (yet).
        return [];
      }
    },
    async file(domain) {
      const port = options.filePort ? `:${options.filePort}` : '';
      for (const scheme of ['https', 'http']) {
        try {
          const answer = await getText(`${scheme}://${domain}${port}${OWN_DOMAIN_FILE_PATH}`, { timeoutMs: CHECK_TIMEOUT_MS, maxBytes: FILE_MAX_BYTES }, options.outbound);
          if (answer.status === 200) return answer.text;
        } catch {
          // Refused by the guard, not found, no TLS yet, or no answer: try the next way.
        }
      }
      return undefined;
    },
  };
}

type DomainRow = typeof academyDomains.$inferSelect;

function toOwnDomain(row: DomainRow): OwnDomain {
  return {
    _id: row.id,
    domain: row.domain,
    verified: row.verifiedAt !== null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    txtName: `${OWN_DOMAIN_TXT_PREFIX}${row.domain}`,
    txtValue: row.verificationToken,
    fileUrl: `http://${row.domain}${OWN_DOMAIN_FILE_PATH}`,
    createdAt: row.createdAt.toISOString(),
  };
}

function hostedOnly(hosting: Hosting): Extract<Hosting, { mode: 'many' }> {
  if (hosting.mode !== 'many') throw new AppError('BAD_REQUEST', OWN_DOMAIN_MESSAGES.oneAcademy);
  return hosting;
}

/** The academy's domains, oldest first, and where they should point. */
export async function listOwnDomains(deps: OwnDomainDeps, academy: { id: string; slug: string }): Promise<OwnDomains> {
  if (deps.hosting.mode !== 'many') return { available: false, platformHost: null, domains: [] };
  const rows = await deps.db.select().from(academyDomains).where(eq(academyDomains.academyId, academy.id)).orderBy(asc(academyDomains.createdAt), asc(academyDomains.domain));
  return { available: true, platformHost: `${academy.slug}.${deps.hosting.baseDomain}`, domains: rows.map(toOwnDomain) };
}

/** Adds a domain waiting for its proof (`domain` already normalized by ownDomainInputSchema). */
export async function addOwnDomain(deps: OwnDomainDeps, actor: AuditActor, academyId: string, domain: string): Promise<OwnDomain> {
  const hosting = hostedOnly(deps.hosting);
  if (domain === hosting.baseDomain || domain.endsWith(`.${hosting.baseDomain}`)) throw new AppError('BAD_REQUEST', OWN_DOMAIN_MESSAGES.platform, { domain: OWN_DOMAIN_MESSAGES.platform });
  return deps.db.transaction(async (tx) => {
    // One academy's additions one at a time, so the limit holds when two are sent at once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('academy_domains'), hashtext(${academyId}))`);
    const mine = await tx.select({ domain: academyDomains.domain }).from(academyDomains).where(eq(academyDomains.academyId, academyId));
    if (mine.some((row) => row.domain === domain)) throw new AppError('CONFLICT', OWN_DOMAIN_MESSAGES.already, { domain: OWN_DOMAIN_MESSAGES.already });
    if (mine.length >= OWN_DOMAINS_MAX) throw new AppError('BAD_REQUEST', OWN_DOMAIN_MESSAGES.tooMany, { domain: OWN_DOMAIN_MESSAGES.tooMany });
    const [provenElsewhere] = await tx
      .select({ id: academyDomains.id })
      .from(academyDomains)
      .where(and(eq(academyDomains.domain, domain), isNotNull(academyDomains.verifiedAt)));
    if (provenElsewhere) throw new AppError('CONFLICT', OWN_DOMAIN_MESSAGES.taken, { domain: OWN_DOMAIN_MESSAGES.taken });
    const [row] = await tx
      .insert(academyDomains)
      .values({ academyId, domain, verificationToken: `academy-${randomBytes(18).toString('base64url')}` })
      .returning();
    await recordDomainAudit(tx, actor, 'settings.domain_added', row!);
    return toOwnDomain(row!);
  });
}

/**
 * Looks for the proof now. Found: the domain is the academy's, every other academy's waiting claim on
 * it is removed, and `forget` makes this server serve it at once (others within seconds). Not found:
 * 422 with what to do, nothing changed.
 */
export async function verifyOwnDomain(deps: OwnDomainDeps, actor: AuditActor, academyId: string, id: string, forget: () => void): Promise<OwnDomain> {
  hostedOnly(deps.hosting);
  const row = await findOwn(deps.db, academyId, id);
  if (row.verifiedAt) return toOwnDomain(row);
  const [records, file] = await Promise.all([deps.checks.txt(`${OWN_DOMAIN_TXT_PREFIX}${row.domain}`), deps.checks.file(row.domain)]);
  const proven = records.some((strings) => strings.join('').trim() === row.verificationToken) || file?.trim() === row.verificationToken;
  if (!proven) throw new AppError('UNPROCESSABLE', OWN_DOMAIN_MESSAGES.notYet);
  const verified = await deps.db.transaction(async (tx) => {
    const [proven] = await tx.select({ id: academyDomains.id }).from(academyDomains).where(and(eq(academyDomains.domain, row.domain), isNotNull(academyDomains.verifiedAt), ne(academyDomains.academyId, academyId)));
    if (proven) throw new AppError('CONFLICT', OWN_DOMAIN_MESSAGES.taken);
    await tx.delete(academyDomains).where(and(eq(academyDomains.domain, row.domain), ne(academyDomains.academyId, academyId)));
    const [updated] = await tx.update(academyDomains).set({ verifiedAt: sql`now()` }).where(eq(academyDomains.id, row.id)).returning();
    if (!updated) throw new AppError('NOT_FOUND');
    await recordDomainAudit(tx, actor, 'settings.domain_verified', updated);
    return updated;
  });
  forget();
  return toOwnDomain(verified);
}

/** Removes a domain (waiting or verified); a verified one stops being served at once on this server. */
export async function removeOwnDomain(deps: OwnDomainDeps, actor: AuditActor, academyId: string, id: string, forget: () => void): Promise<void> {
  hostedOnly(deps.hosting);
  const row = await findOwn(deps.db, academyId, id);
  await deps.db.transaction(async (tx) => {
    await tx.delete(academyDomains).where(and(eq(academyDomains.id, row.id), eq(academyDomains.academyId, academyId)));
    await recordDomainAudit(tx, actor, 'settings.domain_removed', row);
  });
  forget();
}

/** The academy's own domain by id; another academy's, or none, is 404 (it may not know it exists). */
async function findOwn(db: Db, academyId: string, id: string): Promise<DomainRow> {
  const [row] = await db.select().from(academyDomains).where(and(eq(academyDomains.id, id), eq(academyDomains.academyId, academyId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function recordDomainAudit(tx: Tx, actor: AuditActor, key: 'settings.domain_added' | 'settings.domain_verified' | 'settings.domain_removed', row: DomainRow) {
  await recordAudit(tx, actor, { action: 'settings.update', entityType: 'settings', entityId: null, text: { key, values: { domain: row.domain } } });
}
