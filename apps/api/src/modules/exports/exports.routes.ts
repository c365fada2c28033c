import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { actorOf } from '../../access/http';
import { requestLanguage } from '../../lib/translate-reply';
import { startAcademyExport, writeAcademyWorkbook, XLSX_CONTENT_TYPE } from './exports.service';
import { WorkbookAborted } from './workbook-writer';

/**
 * GET /api/exports/academy.xlsx: the whole academy in one workbook, streamed as it is read (issue 39).
 * The CSV exports of the lists stay where they are. The day, the file's name and the Activity entry
 * come first, so a database that does not answer is a 503 before any byte; a failure half-way can
 * only cut the download short (the browser then shows it failed), and is logged.
 */
export const exportsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/exports/academy.xlsx',
    {
      // A HEAD request would make (and record) the whole workbook to throw it away.
      exposeHeadRoute: false,
      schema: { tags: ['exports'], produces: [XLSX_CONTENT_TYPE] },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const { fileName, today } = await startAcademyExport(db, actorOf(request));
      const body = new PassThrough();
      writeAcademyWorkbook(db, body, { language, today }).catch((error: unknown) => {
        if (!(error instanceof WorkbookAborted)) request.log.error({ err: error }, 'the academy workbook stopped half-way');
        body.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
