import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, preValidationAsyncHookHandler, RouteOptions } from 'fastify';
import { MESSAGES } from '@academy/shared/messages';
import { AppError } from '../lib/app-error';
import { hasOwnRecord, type Actor } from './actor';
import { routeKey, ruleFor } from './policy';
import { ADMIN, allows, type RouteRule } from './rules';

/**
 * The one place where HTTP meets the access layer. Call inside the /api prefix before any route:
 * every route gets its guard from the policy table, and a route without a rule stops start-up.
 */
export function registerAccessRules(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const rules = methods.map((method) => {
      const rule = ruleFor(method, route.url);
      if (!rule) throw new Error(`No access rule for ${method} ${route.url}: add it to apps/api/src/access/`);
      if (method !== 'HEAD') registeredRoutes.add(routeKey(method, route.url));
      return rule;
    });
    const guard = guardFor(rules[0]!);
    if (!guard) return;
    const existing = route.preValidation === undefined ? [] : Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation];
    // First, before the body is validated: a visitor learns only that they must sign in.
    route.preValidation = [guard, ...existing];
    if (rules[0]!.withRecord) {
      // After validation (a bad id is still 400) and before the handler reads an upload.
      const handlers = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
      route.preHandler = [recordGuard, ...handlers];
    }
  });
}

/**
 * Every "METHOD /api/path" registered so far in this process (the same for every app built): the
 * generated access matrix walks it, so a new route without a sample there fails the suite.
 */
export const registeredRoutes = new Set<string>();

function guardFor(rule: RouteRule): preValidationAsyncHookHandler | undefined {
  if (rule.allow === 'anyone') return undefined;
  // The platform operator's session (modules/operator/operator-session.ts); an academy's counts for nothing.
  if (rule.allow === 'operator') {
    return async (request: FastifyRequest) => {
      if (!request.operator) throw new AppError('UNAUTHENTICATED');
    };
  }
  return async (request: FastifyRequest) => {
    const actor = request.actor;
    if (!actor) throw new AppError('UNAUTHENTICATED');
    if (!allows(rule, actor.role)) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
  };
}

/** A rule `withRecord`: an account without its record (a teacher account without a teacher row) gets 403. */
const recordGuard: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
  if (!hasOwnRecord(actorOf(request))) throw new AppError('FORBIDDEN');
};

/** The caller of a route whose rule needs a session (the guard has already answered 401 otherwise). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED');
  return request.actor;
}

/**
 * The guard of the OpenAPI document and its browser in production (admins only). They are served by
 * @fastify/swagger-ui outside the /api routes of the policy table, so they take this guard directly.
 */
export const adminOnly: preValidationAsyncHookHandler = guardFor(ADMIN)!;
