/**
 * Students, one use case a file: reading them (student-reads), the list as CSV (students-csv), a record
 * written (student-changes). This file keeps the names the routes, the module's face and the tests import.
 */
export { getStudent, getStudentProfile, listStudents, studentBatches } from './student-reads';
export { exportStudentsCsv } from './students-csv';
export {
  addStudentRecord,
  archiveStudent,
  changeOwnStudentContact,
  changeStudent,
  createStudent,
  insertStudent,
  insertStudents,
  removeImportedStudents,
  setStudentsStandard,
  setStudentsStatus,
  updateStudent,
} from './student-changes';
