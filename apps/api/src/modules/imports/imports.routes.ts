import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import { idParamsSchema } from '@academy/shared/schemas/common';
import { IMPORT_MESSAGES, importListSchema, importQuerySchema, studentImportPreviewSchema, studentImportResultSchema, templateQuerySchema } from '@academy/shared/schemas/imports';
import { z } from 'zod';
import { actorOf } from '../../access/http';
import type { Db } from '../../db/client';
import { requestLanguage } from '../../lib/translate-reply';
import { readUploadedFile } from '../../lib/uploaded-file';
import { registerTemplate } from './register-template';
import { importStudents, REGISTER_MAX_BYTES } from './student-import.service';
import { listImports, undoImport } from './import-history';
import { dataRoute, messageRoute } from '../../lib/route-replies';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SUCCESS = { imported: 'The register was imported', undone: 'The import was undone' } as const;

/** Registers in (issue 39): the template, the dry run and the import, the imports and their undo. Admin only (access/imports.ts). */
export const importsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['imports'];

  app.get('/imports/students/template.xlsx', { schema: { tags, querystring: templateQuerySchema } }, async (request, reply) => {
    const language = request.query.lang ?? requestLanguage(request);
    const file = await registerTemplate(db, language);
    return reply
      .header('content-type', XLSX)
      .header('content-disposition', `attachment; filename="student-register-template-${language}.xlsx"`)
      .header('cache-control', 'no-store')
      .send(file);
  });

  app.post(
    '/imports/students',
    { schema: { tags, consumes: ['multipart/form-data'], querystring: importQuerySchema, response: { 200: apiSuccess(z.union([studentImportPreviewSchema, studentImportResultSchema])) } } },
    async (request) => {
      const file = await readUploadedFile(request, REGISTER_MAX_BYTES, { required: IMPORT_MESSAGES.fileRequired, tooLarge: IMPORT_MESSAGES.tooLarge });
      const answer = await importStudents(db, actorOf(request), requestLanguage(request), file, request.query.dryRun === 'true');
      return 'preview' in answer ? { success: true as const, data: answer.preview } : { success: true as const, data: answer.result, message: SUCCESS.imported };
    },
  );

  dataRoute(app, 'GET', '/imports', { tags, response: { 200: apiSuccess(importListSchema) } }, () => listImports(db));

  messageRoute(
    app, 'DELETE', '/imports/:id', { tags, params: idParamsSchema, response: { 200: messageOnlySchema } },
    (request) => undoImport(db, actorOf(request), request.params.id), SUCCESS.undone,
  );
};
