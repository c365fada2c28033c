import type { Teacher, TeacherStatus } from '@academy/shared/schemas/teachers';
import type { Gender } from '@academy/shared/schemas/common';
import type { Language } from '@academy/shared/languages';
import { formatPhone } from '../../lib/phone';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** What the teacher form edits: text fields as strings ('' = none), subjects as ids. */
export interface TeacherFormValues {
  name: string;
  email: string;
  password: string;
  phone: string;
  qualification: string;
  subjects: string[];
  joiningDate: string;
  address: string;
  gender: Gender | null;
  status: TeacherStatus;
  /** A new teacher's language (their welcome mail and screens); sent only when creating. */
  language: Language;
}

export const TEACHER_STATUS_LABELS: Record<TeacherStatus, string> = { active: 'Active', inactive: 'Inactive', on_leave: 'On leave' };
export const TEACHER_STATUS_COLORS: Record<TeacherStatus, string> = { active: 'teal', inactive: 'gray', on_leave: 'yellow' };
export const TEACHER_STATUS_OPTIONS = (Object.keys(TEACHER_STATUS_LABELS) as TeacherStatus[]).map((value) => ({ value, label: TEACHER_STATUS_LABELS[value] }));

/** The labels in the language shown (issue 20); the English lists above stay for other screens' matching. */
export const TEACHER_STATUS_MESSAGES: Record<TeacherStatus, MessageDescriptor> = { active: msg`Active`, inactive: msg`Inactive`, on_leave: msg`On leave` };


/** The form's starting values: empty for a new teacher (in the academy's language), else the teacher's own. */
export function toTeacherFormValues(teacher?: Teacher, academyLanguage: Language = 'en'): TeacherFormValues {
  return {
    name: teacher?.name ?? '',
    email: teacher?.email ?? '',
    password: '',
    phone: teacher?.phone ? formatPhone(teacher.phone) : '',
    qualification: teacher?.qualification ?? '',
    subjects: teacher?.subjects.map((subject) => subject._id) ?? [],
    joiningDate: teacher?.joiningDate ?? '',
    address: teacher?.address ?? '',
    gender: teacher?.gender ?? null,
    status: teacher?.status ?? 'active',
    language: academyLanguage,
  };
}
