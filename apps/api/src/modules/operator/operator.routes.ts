import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@academy/shared/messages';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import {
  academySlugParamsSchema,
  operatorAcademyListSchema,
  operatorAcademySchema,
  operatorLoginInputSchema,
  operatorSchema,
  OPERATOR_MESSAGES,
  type OperatorAction,
} from '@academy/shared/schemas/operator';
import { appSettingsInputSchema, appSettingsSchema, BRAND_MESSAGES } from '@academy/shared/schemas/brand';
import type { Db } from '../../db/client';
import { dataRoute } from '../../lib/route-replies';
import { operatorAppSettings, operatorTwaManifest, saveOperatorAppSettings } from './academy-app.service';
import { changeAcademyStatus } from './academy-status.service';
import { clearOperatorCookie, deleteOperatorSession, loginOperator, setOperatorCookie } from './operator.service';
import { operatorOf } from './operator-session';
import { listAcademiesWithUsage, refreshAcademyUsage } from './usage.service';

const ACTION_MESSAGES: Record<OperatorAction, string> = { suspend: OPERATOR_MESSAGES.suspended, resume: OPERATOR_MESSAGES.resumed, close: OPERATOR_MESSAGES.closed };

/**
 * The platform operator's API (issue 55), at the base domain only (academies/hosting.ts): sign-in with
 * its own cookie, every academy's figures, and suspend / resume / close. Guards: access/operator.ts.
 */
export const operatorRoutes: FastifyPluginAsyncZod<{ db: Db; filesDir: string }> = async (app, { db, filesDir }) => {
  app.post(
    '/operator/login',
    { schema: { tags: ['operator'], body: operatorLoginInputSchema, response: { 200: apiSuccess(operatorSchema) } } },
    async (request, reply) => {
      const result = await loginOperator(db, request.body, { ip: request.ip });
      setOperatorCookie(reply, request, result.token, result.expiresAt);
      request.log.info({ operator: result.operator.email }, 'operator signed in');
      return { success: true as const, data: result.operator };
    },
  );

  app.get('/operator/me', { schema: { tags: ['operator'], response: { 200: apiSuccess(operatorSchema) } } }, async (request) => ({ success: true as const, data: operatorOf(request) }));

  app.post('/operator/logout', { schema: { tags: ['operator'], response: { 200: messageOnlySchema } } }, async (request, reply) => {
    if (request.operatorSessionId) await deleteOperatorSession(db, request.operatorSessionId);
    clearOperatorCookie(reply);
    return { success: true as const, message: MESSAGES.loggedOut };
  });

  app.get('/operator/academies', { schema: { tags: ['operator'], response: { 200: apiSuccess(operatorAcademyListSchema) } } }, async () => ({
    success: true as const,
    data: { academies: await listAcademiesWithUsage(db, filesDir) },
  }));

  // The academy's own Play Store app, set by the operator for it (issue 78): as Settings → Your app.
  const appSchema = { tags: ['operator'], params: academySlugParamsSchema, response: { 200: apiSuccess(appSettingsSchema) } };
  dataRoute(app, 'GET', '/operator/academies/:slug/app', appSchema, (request) => operatorAppSettings(db, request.params.slug));
  dataRoute(
    app, 'PUT', '/operator/academies/:slug/app', { ...appSchema, body: appSettingsInputSchema },
    (request) => saveOperatorAppSettings(db, operatorOf(request), request.params.slug, request.body), BRAND_MESSAGES.appSaved,
  );
  app.get(
    '/operator/academies/:slug/app/twa-manifest.json',
    { schema: { tags: ['operator'], params: academySlugParamsSchema, response: { 200: z.record(z.string(), z.unknown()) } } },
    async (request, reply) => {
      const manifest = await operatorTwaManifest(db, request.params.slug);
      reply.header('content-disposition', 'attachment; filename="twa-manifest.json"');
      return manifest;
    },
  );

  for (const action of ['suspend', 'resume', 'close'] as const) {
    app.post(
      `/operator/academies/:slug/${action}`,
      { schema: { tags: ['operator'], params: academySlugParamsSchema, response: { 200: apiSuccess(z.object({ academy: operatorAcademySchema })) } } },
      async (request) => {
        const operator = operatorOf(request);
        const change = await changeAcademyStatus(db, operator, request.params.slug, action);
        // Every server forgets the academy's host within 10 s; this one at once.
        app.academyHosts.forget();
        request.log.info({ operator: operator.email, academy: change.slug, academyId: change.id, from: change.from, to: change.to }, `academy ${action} by the platform operator`);
        await refreshAcademyUsage(db, filesDir, change.id);
        const academy = (await listAcademiesWithUsage(db, filesDir)).find((one) => one.slug === change.slug)!;
        return { success: true as const, data: { academy }, message: ACTION_MESSAGES[action] };
      },
    );
  }
};
