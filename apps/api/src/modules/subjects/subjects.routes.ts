import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../access/http';
import { MESSAGES } from '@academy/shared/messages';
import { apiSuccess } from '@academy/shared/schemas/api';
import { subjectDetailSchema, subjectInputSchema, subjectSchema } from '@academy/shared/schemas/subjects';
import type { Db } from '../../db/client';
import { dataRoute, recordRoutes } from '../../lib/route-replies';
import { createSubject, deleteSubject, getSubject, listSubjects, updateSubject } from './subjects.service';

/** Admins manage subjects; teachers may read them (e.g. to pick a subject for a note). */
export const subjectsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['subjects'];
  dataRoute(app, 'GET', '/subjects', { tags, response: { 200: apiSuccess(z.array(subjectSchema)) } }, () => listSubjects(db));
  recordRoutes(app, { db, actorOf }, '/subjects', { tags, input: subjectInputSchema, update: subjectInputSchema, record: subjectDetailSchema },
    { create: createSubject, read: getSubject, update: updateSubject, remove: deleteSubject },
    { created: MESSAGES.subjectCreated, updated: MESSAGES.subjectUpdated, deleted: MESSAGES.subjectDeleted });
};
