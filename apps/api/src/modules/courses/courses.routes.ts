import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import { courseBatchSchema, publicCourseParamsSchema, publicCoursesSchema } from '@academy/shared/schemas/courses';
import type { Db } from '../../db/client';
import { dataRoute } from '../../lib/route-replies';
import { findPublicCourse, listPublicCourses } from './courses.service';

export const coursesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  dataRoute(app, 'GET', '/public/courses', { tags: ['public'], response: { 200: apiSuccess(publicCoursesSchema) } }, () => listPublicCourses(db));
  dataRoute(
    app, 'GET', '/public/courses/:slug', { tags: ['public'], params: publicCourseParamsSchema, response: { 200: apiSuccess(courseBatchSchema) } },
    (request) => findPublicCourse(db, request.params.slug),
  );
};
