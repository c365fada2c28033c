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
