import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPERATOR_COOKIE } from '@academy/shared/cookies';
import type { Operator } from '@academy/shared/schemas/operator';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findOperatorSession } from './operator.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in platform operator (the operator cookie), read on /api/operator/* only; null otherwise. */
    operator: Operator | null;
    operatorSessionId: string | null;
  }
}

const OPERATOR_API = '/api/operator/';

/**
 * Reads the operator cookie on the operator's API only. An academy's session cookie means nothing here,
 * and the operator's cookie means nothing anywhere else (it is host-only, and at an academy's address
 * hosting.ts answers /api/operator with 404 before this runs).
 */
export function registerOperatorSession(app: FastifyInstance, db: Db) {
  app.decorateRequest('operator', null);
  app.decorateRequest('operatorSessionId', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(OPERATOR_API)) return;
    const token = request.cookies[OPERATOR_COOKIE];
    if (!token) return;
    const session = await findOperatorSession(db, token);
    if (!session) return;
    request.operator = session.operator;
    request.operatorSessionId = session.sessionId;
  });
}

/** The operator of a route whose rule is OPERATOR (the guard has already answered 401 otherwise). */
export function operatorOf(request: FastifyRequest): Operator {
  if (!request.operator) throw new AppError('UNAUTHENTICATED');
  return request.operator;
}
