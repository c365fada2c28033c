/**
 * The public face of the students module: what other modules may use of it (eslint.config.js forbids
 * importing its files directly from another module; docs/decisions/026-domain-events.md).
 */
export {
  addStudentRecord,
  changeOwnStudentContact,
  changeStudent,
  getStudentProfile,
  insertStudent,
  insertStudents,
  removeImportedStudents,
  setStudentsStandard,
  setStudentsStatus,
  studentBatches,
} from './students.service';
export { nextStudentCode } from './student-code';
