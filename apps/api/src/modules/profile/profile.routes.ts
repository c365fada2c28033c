import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@academy/shared/messages';
import { apiSuccess, messageOnlySchema } from '@academy/shared/schemas/api';
import { changePasswordInputSchema, studentDetailsSchema, studentProfileUpdateSchema, userProfileSchema, userProfileUpdateSchema } from '@academy/shared/schemas/profile';
import { studentSchema } from '@academy/shared/schemas/students';
import type { Db } from '../../db/client';
import { actorOf } from '../../access/http';
import { changeOwnPassword, studentDetails, studentProfile, updateStudentProfile, updateUserProfile, userProfile } from './profile.service';
import { dataRoute } from '../../lib/route-replies';

/** Guessing the current password through a stolen session is slowed down: per account. */
export const CHANGE_PASSWORD_RATE_LIMIT = {
  max: 10,
  timeWindow: '15 minutes',
  keyGenerator: (request: { user: { id: string } | null; ip: string }) => request.user?.id ?? request.ip,
} as const;

/** Everyone's own profile and password: /auth/* for admins and teachers, /student/* for students. */
export const profileRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /** The same change of one's own password for each group of users, under its own URL and tag. */
  const changePasswordRoute = (url: string, tag: string) =>
    app.put(
      url,
      { config: { rateLimit: CHANGE_PASSWORD_RATE_LIMIT }, schema: { tags: [tag], body: changePasswordInputSchema, response: { 200: messageOnlySchema } } },
      async (request) => {
        await changeOwnPassword(db, actorOf(request), request.sessionId, request.body);
        return { success: true as const, message: MESSAGES.passwordChanged };
      },
    );

  dataRoute(app, 'GET', '/auth/profile', { tags: ['profile'], response: { 200: apiSuccess(userProfileSchema) } }, (request) => userProfile(db, actorOf(request)));

  dataRoute(
    app, 'PUT', '/auth/profile', { tags: ['profile'], body: userProfileUpdateSchema, response: { 200: apiSuccess(userProfileSchema) } },
    (request) => updateUserProfile(db, actorOf(request), request.body), MESSAGES.profileUpdated,
  );

  changePasswordRoute('/auth/password', 'profile');

  dataRoute(app, 'GET', '/student/profile', { tags: ['student'], response: { 200: apiSuccess(studentSchema) } }, (request) => studentProfile(db, actorOf(request)));

  dataRoute(
    app, 'PUT', '/student/profile', { tags: ['student'], body: studentProfileUpdateSchema, response: { 200: apiSuccess(studentSchema) } },
    (request) => updateStudentProfile(db, actorOf(request), request.body), MESSAGES.profileUpdated,
  );

  dataRoute(app, 'GET', '/student/details', { tags: ['student'], response: { 200: apiSuccess(studentDetailsSchema) } }, (request) => studentDetails(db, actorOf(request)));

  changePasswordRoute('/student/password', 'student');
};
