import type { Language } from '@academy/shared/languages';
import type { Board, Gender, Medium } from '@academy/shared/schemas/common';
import type { Student, StudentStatus } from '@academy/shared/schemas/students';
import { formatPhone } from '../../lib/phone';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** What the student form edits: text fields as strings ('' = none), the standard as its id. */
export interface StudentFormValues {
  name: string;
  email: string;
  password: string;
  /** Null when not given: stored empty, shown as "Not given" (decision 040). */
  gender: Gender | null;
  address: string;
  phone: string;
  parentName: string;
  parentPhone: string;
  parentEmail: string;
  dateOfBirth: string;
  standard: string | null;
  school: string;
  /** The school's board and medium (issue 39); null when not known. */
  board: Board | null;
  medium: Medium | null;
  admissionDate: string;
  status: StudentStatus;
  /** The state's GST code (issue 57: a tax invoice's place of supply); null: the academy's state. */
  state: string | null;
  /** A new student's account language (welcome mail, screens, receipts); afterwards the student's own choice (their menu). */
  language: Language;
}

/**
 * The form's starting values: a new student's gender and address start empty, not pre-filled as if
 * typed, and stay empty when left so (decision 040); else the student's own. `today` is the academy's (useAcademyToday), never the browser's: a new student's
 * admission date must not be yesterday on a phone in another time zone.
 */
export function toStudentFormValues(student: Student | undefined, today: string): StudentFormValues {
  return {
    name: student?.name ?? '',
    email: student?.email ?? '',
    password: '',
    gender: student?.gender ?? null,
    address: student?.address ?? '',
    phone: student?.phone ? formatPhone(student.phone) : '',
    parentName: student?.parentName ?? '',
    parentPhone: student?.parentPhone ? formatPhone(student.parentPhone) : '',
    parentEmail: student?.parentEmail ?? '',
    dateOfBirth: student?.dateOfBirth ?? '',
    standard: student?.standard?._id ?? null,
    school: student?.school ?? '',
    board: student?.board ?? null,
    medium: student?.medium ?? null,
    admissionDate: student?.admissionDate ?? today,
    status: student?.status ?? 'active',
    state: student?.state ?? null,
    language: 'en',
  };
}

/**
 * What is sent: every field (the language only for a new student), except an empty admission date (the server then keeps the stored one,
 * or takes today for a new student) and an empty password (the current one stays). A gender left
 * empty stays empty; cleared on an edit, it is sent as null.
 */
export function toStudentPayload(values: StudentFormValues, editing = false) {
  const { admissionDate, password, gender, language, ...rest } = values;
  return {
    ...rest,
    // Chosen by the office for a new account only; then it is the student's own (their user menu).
    ...(editing ? {} : { language }),
    ...(gender === null && !editing ? {} : { gender }),
    ...(admissionDate.trim() === '' ? {} : { admissionDate }),
    ...(password === '' ? {} : { password }),
  };
}

export { BOARD_LABELS, MEDIUM_LABELS } from '../../lib/school-labels';

export const STUDENT_STATUS_LABELS: Record<StudentStatus, MessageDescriptor> = { active: msg`Active`, archived: msg`Archived`, alumni: msg`Alumni` };
