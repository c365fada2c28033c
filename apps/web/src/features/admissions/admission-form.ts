import type { AdmissionEnquiryInput } from '@academy/shared/schemas/admissions';

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

/** The request body: the form's values and the proof of the verified email. */
export function toAdmissionPayload(values: AdmissionFormValues, verificationToken: string): AdmissionEnquiryInput {
  return {
    ...values,
    gender: (values.gender ?? null) as AdmissionEnquiryInput['gender'],
    board: (values.board ?? null) as AdmissionEnquiryInput['board'],
    medium: (values.medium ?? null) as AdmissionEnquiryInput['medium'],
    standard: values.standard ?? '',
    verificationToken,
  };
}

/** "0:42" for the resend countdown. */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(safe / 60)}:${String(safe % 60).padStart(2, '0')}`;
}

/** The proof of a verified email, kept with the draft until it expires (30 minutes after the code). */
export type VerifiedEmail = { email: string; token: string; expiresAt: string };

/** What the phone keeps of an unfinished application: a reload or an evicted tab loses nothing. */
export type AdmissionDraft = { values: AdmissionFormValues; step: number; verified: VerifiedEmail | null };

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
  const proof = draft.verified as Partial<VerifiedEmail> | null | undefined;
  const verified =
    proof && typeof proof.email === 'string' && typeof proof.token === 'string' && typeof proof.expiresAt === 'string' && Date.parse(proof.expiresAt) > now
      ? { email: proof.email, token: proof.token, expiresAt: proof.expiresAt }
      : null;
  // Past the first step only with a valid proof: the email step must be done again otherwise.
  return { values, step: verified ? step : 0, verified };
}
