import { requestLanguage } from '../../lib/translate-reply';
import type { ServerKeys } from '../../lib/server-keys';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import { sendOtpInputSchema, sendOtpResultSchema, sendPhoneOtpInputSchema, verifyOtpInputSchema, verifyOtpResultSchema, verifyPhoneOtpInputSchema } from '@academy/shared/schemas/admissions';
import { sendVerificationCode, verifyCode, type OtpDeps } from './email-verification.service';
import { sendPhoneVerificationCode, verifyPhoneCode } from './phone-verification.service';
import { dataRoute } from '../../lib/route-replies';

/**
 * Per client address, on top of the service's own limits (which live in the database): each code
 * allows five wrong tries, so this only slows a script spraying many addresses.
 */
const VERIFY_RATE_LIMIT = { max: 30, timeWindow: '15 minutes' } as const;

export const PHONE_CODE_SENT = 'We have sent a 6-digit code to your phone by WhatsApp or SMS. It is valid for 10 minutes.';
export const PHONE_VERIFIED = 'Your phone number is verified.';

/** The admission form proves the applicant's email with a code mailed to it (public routes). */
export const emailVerificationRoutes: FastifyPluginAsyncZod<OtpDeps & { keys: ServerKeys }> = async (app, deps) => {
  // A family without email proves its phone instead, with a code by WhatsApp or SMS (issue 37).
  const phoneDeps = { db: deps.db, jobs: app.jobs, otpKey: deps.otpKey, keys: deps.keys };
  dataRoute(
    app, 'POST', '/phone-verification/send-otp', { tags: ['admissions'], body: sendPhoneOtpInputSchema, response: { 200: apiSuccess(sendOtpResultSchema) } },
    (request) => sendPhoneVerificationCode(phoneDeps, { phone: request.body.phone, ip: request.ip, language: requestLanguage(request) }), PHONE_CODE_SENT,
  );

  app.post(
    '/phone-verification/verify-otp',
    { config: { rateLimit: VERIFY_RATE_LIMIT }, schema: { tags: ['admissions'], body: verifyPhoneOtpInputSchema, response: { 200: apiSuccess(verifyOtpResultSchema) } } },
    async (request) => ({ success: true as const, data: await verifyPhoneCode(phoneDeps, request.body), message: PHONE_VERIFIED }),
  );

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
