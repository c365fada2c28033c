import type { CreateAcademyInput, CreatedAcademy, SlugAvailability } from '@academy/shared/schemas/academies';
import { apiRequest, apiRequestWithMessage } from '../lib/api-client';

/** Mails the owner a 6-digit code (POST /api/academies/verification). */
export function sendSignupCode(email: string) {
  return apiRequestWithMessage<{ resendAfterSeconds: number; validMinutes: number }>('POST', '/academies/verification', { email });
}

/** Whether an address is free, as the owner types it. */
export function checkSlug(slug: string, signal?: AbortSignal) {
  return apiRequest<SlugAvailability>('GET', `/academies/slug-available?slug=${encodeURIComponent(slug)}`, undefined, { signal });
}

export function createAcademy(input: CreateAcademyInput) {
  return apiRequest<CreatedAcademy>('POST', '/academies', input);
}
