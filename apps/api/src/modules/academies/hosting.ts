import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@academy/shared/messages';
import { isLanguage } from '@academy/shared/languages';
import { translateServerMessage } from '@academy/shared/i18n/server-text';
import type { Hosting } from '../../config';
import type { Db } from '../../db/client';
import { escapeHtml } from '../../lib/mail-templates';
import { hasRefusedTarget, isPlainHost } from '../../lib/request-address';
import { knownOrigin } from '../../lib/site-origin';
import { academies, academyDomains } from '../../db/schema';
import { FIRST_ACADEMY_ID, withAcademy, withoutAcademy } from '../../lib/tenancy';
import { joinOn } from '../../db/same-academy';

/**
 * Which academy a request is for (issue 55, decision 053), decided from its host before anything else
 * runs: the request then runs inside `withAcademy`, so every statement it sends sees that academy's
 * rows only (row-level security), and its files, cache keys and limits are that academy's.
 *
 * - ACADEMY_HOSTING=one: every address is the one academy (FIRST_ACADEMY_ID), exactly as before.
 * - ACADEMY_HOSTING=many: `<slug>.<BASE_DOMAIN>` or an academy's verified own domain is that academy;
 *   BASE_DOMAIN itself is the platform (sign-up, the operator), where only the platform's API answers;
 *   any other host is a plain 404 page, never another academy's data. A suspended academy answers
 *   403 with a sentence saying so; a closed one 404.
 */

export type AcademyStatus = 'active' | 'suspended' | 'closed';
export type ResolvedAcademy = { id: string; slug: string; name: string; language: string; status: AcademyStatus };

declare module 'fastify' {
  interface FastifyInstance {
    /** Which academy a host is; `forget()` after changing an academy's status, slug or domains. */
    academyHosts: AcademyResolver;
  }
  interface FastifyRequest {
    /** The academy this request is for; null at the platform's own address (ACADEMY_HOSTING=many). */
    academy: ResolvedAcademy | null;
    /**
     * With ACADEMY_HOSTING=many, the academy's own address as this request reached it (`https://demo.academy.example.in`):
     * where links in its mails and pages point (lib/site-origin.ts). Null with one academy (PUBLIC_URL is its address).
     */
    academyOrigin: string | null;
  }
}

/** The platform's API, answered at BASE_DOMAIN only (and never at an academy's address). */
const PLATFORM_API_PREFIXES = ['/api/academies', '/api/operator'];
/**
 * Answered at every address, an unknown one included: the load balancer's check, the proxy's certificate
 * question, and Prometheus' /metrics, which asks by the server's own address (`127.0.0.1:3000`; issue 71).
 */
const EVERYWHERE_PREFIXES = ['/api/health', '/metrics'];
/**
 * Also answered at the platform's own address: the providers' callbacks (issue 55), which find their
 * academy themselves (WhatsApp by its phone number id, MSG91 by the academy its address names) and run
 * inside it (modules/family-outbox/provider-webhooks.routes.ts).
 */
const PLATFORM_ALSO_API_PREFIXES = ['/api/webhooks'];

const startsWithAny = (url: string, prefixes: string[]) => prefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`));

/** How long a host's academy is kept before it is looked up again (another server may have suspended it). */
const HOST_MEMORY_MS = 10_000;
/**
 * A host asked in the last this many ms of its memory is looked up again beside the answer, so the memory's
 * end makes no request wait for the look-up (issue 77: on Citus, through the coordinator, that wait every ten
 * seconds per academy was the bare route's p99). It is still never answered past its memory.
 */
const HOST_READ_AHEAD_MS = 3_000;

export type AcademyResolver = {
  /** undefined: no academy at this host; null: the platform's own address. */
  resolve(hostname: string): Promise<ResolvedAcademy | null | undefined>;
  /** Forget what was kept (an academy suspended, resumed, renamed or given a domain on this server). */
  forget(): void;
  /**
   * An academy's own address for links in what it sends when no request of its own names it (a parent's
   * WhatsApp message arrives at the platform's one webhook address): its verified domain, else
   * `<slug>.<base domain>`; undefined with one academy (PUBLIC_URL serves then).
   */
  addressOf(academyId: string, scheme: string): Promise<string | undefined>;
};

/** A host name as academies are looked up by it: lower case, without a final dot. */
const hostNameOf = (hostname: string) => hostname.toLowerCase().replace(/\.$/, '');

const ONE_ACADEMY: ResolvedAcademy = { id: FIRST_ACADEMY_ID, slug: 'main', name: 'Academy', language: 'en', status: 'active' };

export function createAcademyResolver(db: Db, hosting: Hosting): AcademyResolver {
  const kept = new Map<string, { academy: ResolvedAcademy | undefined; until: number }>();
  const columns = { id: academies.id, slug: academies.slug, name: academies.name, language: academies.language, status: academies.status };

  async function lookUp(hostname: string): Promise<ResolvedAcademy | undefined> {
    // One academy: no question to ask the database (a request must not fail on it, /metrics and the
    // health check least of all); it is always open (suspending is the operator's, who exists with many only).
    if (hosting.mode === 'one') return ONE_ACADEMY;
    const suffix = `.${hosting.baseDomain}`;
    if (hostname.endsWith(suffix)) {
      const slug = hostname.slice(0, -suffix.length);
      if (slug.includes('.')) return undefined;
      const [row] = await db.select(columns).from(academies).where(eq(academies.slug, slug));
      return row as ResolvedAcademy | undefined;
    }
    const [row] = await db
      .select(columns)
      .from(academyDomains)
      .innerJoin(academies, joinOn(academies.id, academyDomains.academyId))
      .where(and(eq(academyDomains.domain, hostname), isNotNull(academyDomains.verifiedAt)));
    return row as ResolvedAcademy | undefined;
  }

  /** Look-ups under way, by host: requests arriving meanwhile wait for the same one. */
  const lookingUp = new Map<string, Promise<ResolvedAcademy | undefined>>();
  /** Counts forget(): a look-up begun before one is answered but not kept (it may have read what changed). */
  let forgotten = 0;

  function lookUpAndKeep(hostname: string): Promise<ResolvedAcademy | undefined> {
    const under = lookingUp.get(hostname);
    if (under) return under;
    const [startedAt, generation] = [Date.now(), forgotten];
    // Platform tables only: no academy needs to be entered to read them.
    const looking = withoutAcademy(() => lookUp(hostname))
      .then((academy) => {
        if (generation === forgotten) {
          if (kept.size > 10_000) kept.clear();
          kept.set(hostname, { academy, until: startedAt + HOST_MEMORY_MS });
        }
        return academy;
      })
      .finally(() => {
        if (lookingUp.get(hostname) === looking) lookingUp.delete(hostname);
      });
    lookingUp.set(hostname, looking);
    return looking;
  }

  return {
    async resolve(rawHostname) {
      const hostname = hostNameOf(rawHostname);
      if (hosting.mode === 'one') return ONE_ACADEMY;
      if (hostname === hosting.baseDomain) return null;
      const now = Date.now();
      const memory = kept.get(hostname);
      if (memory && memory.until > now) {
        if (memory.until - now < HOST_READ_AHEAD_MS) lookUpAndKeep(hostname).catch(() => {});
        return memory.academy;
      }
      return lookUpAndKeep(hostname);
    },
    forget: () => {
      forgotten += 1;
      kept.clear();
      lookingUp.clear();
    },
    async addressOf(academyId, scheme) {
      if (hosting.mode === 'one') return undefined;
      const [row] = await withoutAcademy(() =>
        db
          .select({ slug: academies.slug, domain: academyDomains.domain })
          .from(academies)
          .leftJoin(academyDomains, and(eq(academyDomains.academyId, academies.id), isNotNull(academyDomains.verifiedAt)))
          .where(eq(academies.id, academyId))
          .orderBy(asc(academyDomains.verifiedAt))
          .limit(1),
      );
      if (!row) return undefined;
      return `${scheme}://${row.domain ?? `${row.slug}.${hosting.baseDomain}`}`;
    },
  };
}

function isApi(request: FastifyRequest): boolean {
  return request.url === '/api' || request.url.startsWith('/api/');
}

function plainPage(reply: FastifyReply, status: number, rawTitle: string, rawText: string, language = 'en') {
  const [title, text] = [escapeHtml(rawTitle), escapeHtml(rawText)];
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f2933}h1{font-size:1.4rem}</style></head><body><h1>${title}</h1><p>${text}</p></body></html>`;
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/**
 * Registered first, before every other hook: the rest of the request (the session lookup included:
 * `sessions` is an academy table, so academy A's cookie shown at B's address finds no session) runs
 * inside the academy's context.
 */
export function registerAcademyHost(app: FastifyInstance, options: { resolver: AcademyResolver; hosting: Hosting; publicUrl: string | undefined }) {
  const { resolver, hosting, publicUrl } = options;
  app.decorateRequest('academy', null);
  app.decorateRequest('academyOrigin', null);
  app.addHook('onRequest', (request, reply, done) => {
    // Before anything else (issue 71): an address that is not plainly a host name, or a request line that
    // names an absolute address, is refused; nothing of the request runs, no academy is looked up.
    if (hasRefusedTarget(request.raw) || !isPlainHost(request.headers.host) || !isPlainHost(request.host)) {
      if (isApi(request)) void reply.status(400).send({ success: false, message: MESSAGES.addressRefused });
      else void plainPage(reply, 400, 'Address refused', MESSAGES.addressRefused);
      return;
    }
    resolver.resolve(request.hostname).then(
      (academy) => {
        if (academy === null) {
          // The platform's own address: its API and pages only, outside every academy.
          if (isApi(request) && !startsWithAny(request.url, [...PLATFORM_API_PREFIXES, ...EVERYWHERE_PREFIXES, ...PLATFORM_ALSO_API_PREFIXES])) {
            void reply.status(404).send({ success: false, message: MESSAGES.notFound });
            return;
          }
          withoutAcademy(done);
          return;
        }
        if ((academy === undefined || academy.status === 'closed') && startsWithAny(request.url, EVERYWHERE_PREFIXES)) {
          // A load balancer's check, the proxy asking whether to get a certificate for a host
          // (GET /api/health/domain) or Prometheus, at the server's own address: answered outside every academy.
          withoutAcademy(done);
          return;
        }
        if (academy === undefined || academy.status === 'closed') {
          if (isApi(request)) void reply.status(404).send({ success: false, message: MESSAGES.notFound });
          else void plainPage(reply, 404, 'No academy here', 'There is no academy at this address. Please check the address you were given.');
          return;
        }
        if (hosting.mode === 'many' && isApi(request) && startsWithAny(request.url, PLATFORM_API_PREFIXES)) {
          void reply.status(404).send({ success: false, message: MESSAGES.notFound });
          return;
        }
        if (academy.status === 'suspended' && !startsWithAny(request.url, EVERYWHERE_PREFIXES)) {
          if (isApi(request)) void reply.status(403).send({ success: false, message: MESSAGES.academySuspended });
          else void plainPage(reply, 403, academy.name, translateServerMessage(MESSAGES.academySuspended, isLanguage(academy.language) ? academy.language : 'en'), academy.language);
          return;
        }
        request.academy = academy;
        // Links are made from the name the academy was just found by (its `<slug>.BASE_DOMAIN` or proven
        // domain), on PUBLIC_URL's scheme and port: never from the rest of the request's Host header.
        if (hosting.mode === 'many') request.academyOrigin = knownOrigin(request, hostNameOf(request.hostname), publicUrl);
        withAcademy(academy.id, done);
      },
      (error: Error) => done(error),
    );
  });
}
