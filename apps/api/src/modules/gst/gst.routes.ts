import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import { GST_MESSAGES, gstMonthSchema, gstPeriodQuerySchema, taxSettingsInputSchema, taxSettingsSchema } from '@academy/shared/schemas/gst';
import { actorOf } from '../../access/http';
import type { Db } from '../../db/client';
import { getTaxSettings, updateTaxSettings } from './tax-settings.service';
import { gstMonth, gstr1JsonFor, gstr1Workbook } from './gst-returns.service';
import { dataRoute } from '../../lib/route-replies';

/** GST (issue 57): Settings → Tax and Fees → GST with GSTR-1 (the admin's; access/gst.ts). */
export const gstRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  dataRoute(app, 'GET', '/admin/settings/tax', { tags: ['admin'], response: { 200: apiSuccess(taxSettingsSchema) } }, () => getTaxSettings(db));

  dataRoute(
    app, 'PUT', '/admin/settings/tax', { tags: ['admin'], body: taxSettingsInputSchema, response: { 200: apiSuccess(taxSettingsSchema) } },
    (request) => updateTaxSettings(db, actorOf(request), request.body), GST_MESSAGES.saved,
  );

  const tags = ['fees'];
  dataRoute(
    app, 'GET', '/fees/gst', { tags, querystring: gstPeriodQuerySchema, response: { 200: apiSuccess(gstMonthSchema) } },
    (request) => gstMonth(db, request.query.period),
  );

  app.get('/fees/gst/gstr1.json', { schema: { tags, querystring: gstPeriodQuerySchema, response: { 200: z.unknown().describe('GSTR-1 for the GST offline tool') } } }, async (request, reply) => {
    const { json, fileName } = await gstr1JsonFor(db, request.query.period);
    return reply.type('application/json; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store').send(JSON.stringify(json));
  });

  app.get('/fees/gst/gstr1.xlsx', { schema: { tags, querystring: gstPeriodQuerySchema } }, async (request, reply) => {
    const { file, fileName } = await gstr1Workbook(db, request.query.period);
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(file);
  });
};
