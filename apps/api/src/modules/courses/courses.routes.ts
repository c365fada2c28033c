import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import { courseBatchSchema, publicCourseParamsSchema, publicCoursesSchema } from '@academy/shared/schemas/courses';
import type { Db } from '../../db/client';
import { findPublicCourse, listPublicCourses } from './courses.service';

export const coursesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/public/courses', { schema: { tags: ['public'], response: { 200: apiSuccess(publicCoursesSchema) } } }, async () => ({
    success: true as const,
    data: await listPublicCourses(db),
  }));

  app.get(
    '/public/courses/:slug',
    { schema: { tags: ['public'], params: publicCourseParamsSchema, response: { 200: apiSuccess(courseBatchSchema) } } },
    async (request) => ({ success: true as const, data: await findPublicCourse(db, request.params.slug) }),
  );
};
