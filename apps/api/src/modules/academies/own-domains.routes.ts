import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import { idParamsSchema } from '@academy/shared/schemas/common';
import { z } from 'zod';
import { normalizeDomain, OWN_DOMAIN_MESSAGES, ownDomainInputSchema, ownDomainSchema, ownDomainsSchema } from '@academy/shared/schemas/own-domains';
import { actorOf } from '../../access/http';
import { AppError } from '../../lib/app-error';
import { addOwnDomain, listOwnDomains, removeOwnDomain, verifyOwnDomain, type OwnDomainDeps } from './own-domains.service';
import { dataRoute, messageRoute } from '../../lib/route-replies';

/**
 * The academy's own domains (issue 55), the admin's, on the settings screen. With one academy per
 * installation the list says `available: false` and changes answer 400 (its address is PUBLIC_URL).
 */
const certificateQuestionSchema = z.object({ domain: z.string({ error: OWN_DOMAIN_MESSAGES.required }).max(300, OWN_DOMAIN_MESSAGES.invalid) });

export const ownDomainRoutes: FastifyPluginAsyncZod<OwnDomainDeps> = async (app, deps) => {
  const tags = ['admin'];
  /** The academy this request is for (the host plugin decided it); the platform's address has none. */
  const academyOf = (request: { academy: { id: string; slug: string } | null }) => {
    if (!request.academy) throw new AppError('NOT_FOUND');
    return request.academy;
  };
  const forget = () => app.academyHosts.forget();

  /*
   * The proxy's question before it gets a certificate for a host (Caddy's on-demand TLS `ask`, see
   * deploy/Caddyfile): 200 for the platform's address, an academy's that is not closed, or a verified own
   * domain; 404 for anything else, so nobody makes the proxy ask a certificate authority for names of theirs.
   */
  app.get('/health/domain', { schema: { tags: ['health'], querystring: certificateQuestionSchema, response: { 200: apiSuccess(z.object({ domain: z.string() })) } } }, async (request) => {
    const host = normalizeDomain(request.query.domain) ?? (request.query.domain.trim().toLowerCase() === 'localhost' ? 'localhost' : undefined);
    if (deps.hosting.mode !== 'many' || host === undefined) throw new AppError('NOT_FOUND');
    const academy = await app.academyHosts.resolve(host);
    if (academy === undefined || academy?.status === 'closed') throw new AppError('NOT_FOUND');
    return { success: true as const, data: { domain: host } };
  });

  dataRoute(app, 'GET', '/admin/domains', { tags, response: { 200: apiSuccess(ownDomainsSchema) } }, (request) => listOwnDomains(deps, academyOf(request)));

  app.post('/admin/domains', { schema: { tags, body: ownDomainInputSchema, response: { 201: apiSuccess(ownDomainSchema) } } }, async (request, reply) => {
    const domain = await addOwnDomain(deps, actorOf(request), academyOf(request).id, request.body.domain);
    return reply.status(201).send({ success: true as const, data: domain, message: OWN_DOMAIN_MESSAGES.added });
  });

  dataRoute(
    app, 'POST', '/admin/domains/:id/verify', { tags, params: idParamsSchema, response: { 200: apiSuccess(ownDomainSchema) } },
    (request) => verifyOwnDomain(deps, actorOf(request), academyOf(request).id, request.params.id, forget), OWN_DOMAIN_MESSAGES.verified,
  );

  messageRoute(
    app, 'DELETE', '/admin/domains/:id', { tags, params: idParamsSchema, response: { 200: messageOnlySchema } },
    (request) => removeOwnDomain(deps, actorOf(request), academyOf(request).id, request.params.id, forget), OWN_DOMAIN_MESSAGES.removed,
  );
};
