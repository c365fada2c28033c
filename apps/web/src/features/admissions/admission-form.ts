import type { AdmissionEnquiryInput } from '@academy/shared/schemas/admissions';
import { canonicalIndianPhone } from '@academy/shared/schemas/phone';

/** What the /admission form edits: text as strings ('' = none), choices as null until picked. */
export interface AdmissionFormValues {
  phone: string;
  studentName: string;
  email: string;
  parentName: string;
  parentPhone: string;
  gender: string | null;
  dateOfBirth: string;
  standard: string | null;
  subjects: string[];
  school: string;
  board: string | null;
  medium: string | null;
  address: string;
  message: string;
}

export const EMPTY_ADMISSION_FORM: AdmissionFormValues = {
  phone: '',
  studentName: '',
  email: '',
  parentName: '',
  parentPhone: '',
  gender: null,
  dateOfBirth: '',
  standard: null,
  subjects: [],
  school: '',
  board: null,
  medium: null,
  address: '',
  message: '',
};

/** The fields each step checks before moving on (phone first: it is how the office calls back). */
export const ADMISSION_STEP_FIELDS: readonly (readonly (keyof AdmissionFormValues)[])[] = [
  ['phone', 'studentName', 'email'],
  ['standard', 'subjects', 'board', 'medium', 'school', 'gender', 'dateOfBirth', 'parentName', 'parentPhone'],
  ['address', 'message'],
];

/** The request body: the form's values and the proof of the verified email, or of the phone (a family without email). */
export function toAdmissionPayload(values: AdmissionFormValues, verified: VerifiedContact): AdmissionEnquiryInput {
  return {
    ...values,
    email: verified.kind === 'phone' ? values.email || null : values.email,
    gender: (values.gender ?? null) as AdmissionEnquiryInput['gender'],
    board: (values.board ?? null) as AdmissionEnquiryInput['board'],
    medium: (values.medium ?? null) as AdmissionEnquiryInput['medium'],
    standard: values.standard ?? '',
    ...(verified.kind === 'phone' ? { phoneVerificationToken: verified.token } : { verificationToken: verified.token }),
  };
}

/** The address a code goes to, as the server keeps it: the email in lower case, the phone as +91XXXXXXXXXX ('' when not a mobile number). */
export function contactAddress(values: Pick<AdmissionFormValues, 'email' | 'phone'>, kind: VerifiedContact['kind']): string {
  return kind === 'email' ? values.email.trim().toLowerCase() : (canonicalIndianPhone(values.phone.trim()) ?? '');
}

/** "0:42" for the resend countdown. */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(safe / 60)}:${String(safe % 60).padStart(2, '0')}`;
}

/**
 * The proof of a verified email (or, for a family without email, of the phone; issue 37), kept with
 * the draft until it expires (30 minutes after the code). `address`: as in `contactAddress`.
 */
export type VerifiedContact = { kind: 'email' | 'phone'; address: string; token: string; expiresAt: string };

/** What the phone keeps of an unfinished application: a reload or an evicted tab loses nothing. */
export type AdmissionDraft = { values: AdmissionFormValues; step: number; verified: VerifiedContact | null };

export const ADMISSION_DRAFT_KEY = 'academy.admission-draft';

/**
 * The saved draft, or null when there is none or it is unreadable. Only known fields of the right
 * type are taken (a draft from an older version of the form must not break it), and the email proof
 * only while it is still valid.
 */
export function readAdmissionDraft(storage: Pick<Storage, 'getItem'>, now = Date.now()): AdmissionDraft | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(ADMISSION_DRAFT_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const draft = parsed as Partial<Record<keyof AdmissionDraft, unknown>>;
  const saved = (draft.values ?? {}) as Record<string, unknown>;
  const values = { ...EMPTY_ADMISSION_FORM };
  for (const key of Object.keys(EMPTY_ADMISSION_FORM) as (keyof AdmissionFormValues)[]) {
    const value = saved[key];
    const empty = EMPTY_ADMISSION_FORM[key];
    if (Array.isArray(empty) ? Array.isArray(value) && value.every((item) => typeof item === 'string') : typeof value === 'string' || (empty === null && value === null)) {
      (values as Record<string, unknown>)[key] = value;
    }
  }
  const step = typeof draft.step === 'number' && Number.isInteger(draft.step) ? Math.min(Math.max(draft.step, 0), ADMISSION_STEP_FIELDS.length - 1) : 0;
  // A draft saved before phones could be verified has `email` where `address` is now.
  const proof = draft.verified as (Partial<VerifiedContact> & { email?: unknown }) | null | undefined;
  const address = typeof proof?.address === 'string' ? proof.address : proof?.email;
  const kind = proof?.kind === 'phone' ? 'phone' : 'email';
  const verified: VerifiedContact | null =
    proof && typeof address === 'string' && typeof proof.token === 'string' && typeof proof.expiresAt === 'string' && Date.parse(proof.expiresAt) > now
      ? { kind, address, token: proof.token, expiresAt: proof.expiresAt }
      : null;
  // Past the first step only with a valid proof: the email step must be done again otherwise.
  return { values, step: verified ? step : 0, verified };
}
