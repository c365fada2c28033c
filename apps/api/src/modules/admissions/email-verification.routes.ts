import { requestLanguage } from '../../lib/translate-reply';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import { sendOtpInputSchema, sendOtpResultSchema, verifyOtpInputSchema, verifyOtpResultSchema } from '@academy/shared/schemas/admissions';
import { sendVerificationCode, verifyCode, type OtpDeps } from './email-verification.service';

/**
 * Per client address, on top of the service's own limits (which live in the database): each code
 * allows five wrong tries, so this only slows a script spraying many addresses.
 */
const VERIFY_RATE_LIMIT = { max: 30, timeWindow: '15 minutes' } as const;

/** The admission form proves the applicant's email with a code mailed to it (public routes). */
export const emailVerificationRoutes: FastifyPluginAsyncZod<OtpDeps> = async (app, deps) => {
  app.post(
    '/email-verification/send-otp',
    { schema: { tags: ['admissions'], body: sendOtpInputSchema, response: { 200: apiSuccess(sendOtpResultSchema) } } },
    async (request) => ({
      success: true as const,
      data: await sendVerificationCode(deps, { email: request.body.email, ip: request.ip, language: requestLanguage(request) }),
      message: `We have sent a 6-digit code to ${request.body.email}. It is valid for 10 minutes.`,
    }),
  );

  app.post(
    '/email-verification/verify-otp',
    { config: { rateLimit: VERIFY_RATE_LIMIT }, schema: { tags: ['admissions'], body: verifyOtpInputSchema, response: { 200: apiSuccess(verifyOtpResultSchema) } } },
    async (request) => ({ success: true as const, data: await verifyCode(deps, request.body), message: 'Your email address is verified.' }),
  );
};
