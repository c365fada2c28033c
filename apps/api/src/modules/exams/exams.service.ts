/**
 * Tests and their marks, one use case a file: the test's row and the staff's checks (exam-rows), reading
 * tests and results (exam-reads), a test set, changed, deleted and published (exam-changes), marks typed,
 * imported or scanned (marks-entry). This file keeps the names the routes, the OMR files and the tests import.
 */
export { childExams, examForOmr, examsOfStudent, examsOfStudentForStaff, getExam, getResults, listBatchExams, ownExams } from './exam-reads';
export { createExam, deleteExam, publishExam, updateExam } from './exam-changes';
export { importMarksCsv, saveMarks, saveScannedMarks } from './marks-entry';
