/**
 * The public face of the teachers module: what other modules may use of it (eslint.config.js forbids
 * importing its files directly from another module; docs/decisions/026-domain-events.md).
 */
export { addTeacherRecord, changeOwnTeacherContact, teacherSubjectsJson } from './teachers.service';
export { insertTeachers, type TeacherRecord } from './teacher-records';
