import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import { publicCoursesSchema } from '@academy/shared/schemas/courses';
import type { Db } from '../../db/client';
import { listPublicCourses } from './courses.service';

export const coursesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/public/courses', { schema: { tags: ['public'], response: { 200: apiSuccess(publicCoursesSchema) } } }, async () => ({
    success: true as const,
    data: await listPublicCourses(db),
  }));
};
