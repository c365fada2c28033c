import type { StudentListQuery } from '@academy/shared/schemas/students';
import type { TeacherListQuery } from '@academy/shared/schemas/teachers';

/*
 * The query keys that more than one feature uses: a change in one feature refreshes another's data
 * (an enrolment refreshes the batch, the student, the fees and the admin's dashboard) by naming its
 * keys here, so no feature imports another one for its keys and the features stand side by side.
 * A file of plain arrays: importing it brings no requests and no schemas (zod) into a chunk (the
 * signed-in first screens load no zod, npm run size). Each feature's api.ts exports its own factory
 * again; a feature whose keys nobody else needs keeps them in its api.ts.
 */

/** A range of days in a query (attendance): both ends optional, 'YYYY-MM-DD'. */
export type DateRange = { startDate?: string; endDate?: string };

export const adminDashboardKeys = {
  all: ['admin-dashboard'] as const,
  summary: ['admin-dashboard', 'summary'] as const,
  /** The year card's academic year: '' the current one. */
  year: (year: string) => ['admin-dashboard', 'year', year] as const,
};

export const attendanceKeys = {
  all: ['attendance'] as const,
  day: (batchId: string, date: string) => ['attendance', 'day', batchId, date] as const,
  history: (batchId: string, range: DateRange) => ['attendance', 'history', batchId, range] as const,
  student: (studentId: string, batchId: string, range: DateRange) => ['attendance', 'student', studentId, batchId, range] as const,
  own: (range: DateRange) => ['attendance', 'own', range] as const,
  ownBatch: (batchId: string, range: DateRange) => ['attendance', 'own', batchId, range] as const,
};

/** The Activity log and the History panels (features/audit-log): every change adds an entry. */
export const auditKeys = {
  all: ['audit-log'] as const,
  /** `query`: the Activity screen's filters and page (features/audit-log/api.ts AuditListQuery). */
  list: (query: object) => ['audit-log', 'list', query] as const,
  people: ['audit-log', 'people'] as const,
};

export const batchKeys = {
  all: ['batches'] as const,
  list: () => ['batches', 'list'] as const,
  /** `filters`: the batch list's filters (features/batches/api.ts BatchListFilters). */
  filteredList: (filters: object) => ['batches', 'list', filters] as const,
  detail: (id: string) => ['batches', 'detail', id] as const,
  studentList: () => ['batches', 'student', 'list'] as const,
  studentSchedule: () => ['batches', 'student', 'schedule'] as const,
  teacherList: () => ['batches', 'teacher', 'list'] as const,
  teacherSchedule: () => ['batches', 'teacher', 'schedule'] as const,
};

export const feeKeys = {
  all: ['fees'] as const,
  plans: ['fees', 'plans'] as const,
  ledger: (studentId: string) => ['fees', 'ledger', studentId] as const,
  ownLedger: ['fees', 'ledger', 'own'] as const,
  childLedger: (studentId: string) => ['fees', 'ledger', 'child', studentId] as const,
  /** `filter`: the dues list's filter (features/fees/api.ts DuesFilter). */
  dues: (filter: object) => ['fees', 'dues', filter] as const,
  summary: ['fees', 'summary'] as const,
  /** `year`: '' the current academic year, else its name. */
  report: (year: string) => ['fees', 'report', year] as const,
  /** Settings → Payments (issue 38): the academy's UPI ID. */
  paymentSettings: ['fees', 'payment-settings'] as const,
  /** The office's UPI payment reports (issue 38); `filter`: status and page. */
  claims: (filter: object) => ['fees', 'claims', filter] as const,
  /** Bank statements (issue 38). */
  statements: ['fees', 'statements'] as const,
  statement: (statementId: string) => ['fees', 'statement', statementId] as const,
  studentSearch: (term: string) => ['fees', 'student-search', term] as const,
  /** A fee reminder's pay link (issue 38), opened without signing in. */
  payPage: (token: string) => ['fees', 'pay-page', token] as const,
};

export const standardKeys = {
  all: ['standards'] as const,
  list: ['standards', 'list'] as const,
  detail: (id: string) => ['standards', 'detail', id] as const,
};

/** Parents (issue 21): a student's first parent is the student record's parent (decision 030), so each refreshes the other. */
export const parentKeys = {
  all: ['parents'] as const,
  ofStudent: (studentId: string) => ['parents', 'of-student', studentId] as const,
};

/** Registers imported from spreadsheets (issue 39). */
export const importKeys = {
  all: ['imports'] as const,
};

/** The question bank (issue 40): its pages, one question, the subjects one may write for; online tests pick from it. */
export const questionKeys = {
  all: ['questions'] as const,
  /** `query`: the bank's filters and page (QuestionListQuery). */
  list: (query: object) => ['questions', 'list', query] as const,
  detail: (id: string) => ['questions', 'detail', id] as const,
  subjects: ['questions', 'subjects'] as const,
};

/** The new academic year (issue 39): the current year, the rollovers and the students to pick exceptions from. */
export const academicYearKeys = {
  all: ['academic-years'] as const,
};

export const studentKeys = {
  all: ['students'] as const,
  list: (query: StudentListQuery) => ['students', 'list', query] as const,
  detail: (id: string) => ['students', 'detail', id] as const,
};

export const subjectKeys = {
  all: ['subjects'] as const,
  list: ['subjects', 'list'] as const,
  detail: (id: string) => ['subjects', 'detail', id] as const,
};

export const teacherKeys = {
  all: ['teachers'] as const,
  list: (query: TeacherListQuery) => ['teachers', 'list', query] as const,
  detail: (id: string) => ['teachers', 'detail', id] as const,
  batches: (id: string) => ['teachers', 'detail', id, 'batches'] as const,
  students: (id: string) => ['teachers', 'detail', id, 'students'] as const,
};

/**
 * Messages to families (issue 37): the Messages screen's lists, and the absence-alerts panel (features/parents)
 * that a retry there or here changes too.
 */
/** The office's WhatsApp inbox (issue 60): the list, one conversation, the quick replies. */
export const conversationKeys = {
  all: ['conversations'] as const,
  list: ['conversations', 'list'] as const,
  detail: (id: string) => ['conversations', 'detail', id] as const,
  quickReplies: ['conversations', 'quick-replies'] as const,
};

export const messageKeys = {
  all: ['messages'] as const,
  /** `query`: the Messages screen's filters and page (MessageListQuery). */
  list: (query: object) => ['messages', 'list', query] as const,
  settings: ['messages', 'settings'] as const,
  absenceAlerts: ['parents', 'absence-alerts'] as const,
};

/**
 * Online tests (issue 40): the papers (staff), a student's list, an attempt and its result. The
 * student's screens (features/online-tests/api.ts) and the staff's (staff-api.ts) share these.
 */
export const onlineTestKeys = {
  all: ['online-tests'] as const,
  /** `filter`: the list's filter ({ batch }). */
  list: (filter: object) => ['online-tests', 'list', filter] as const,
  detail: (id: string) => ['online-tests', 'detail', id] as const,
  results: (id: string) => ['online-tests', 'detail', id, 'results'] as const,
  attempt: (id: string) => ['online-tests', 'attempt', id] as const,
  result: (id: string) => ['online-tests', 'attempt', id, 'result'] as const,
};
