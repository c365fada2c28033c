/**
 * Homework (issue 59, decision 056), one use case a file: the teacher's homework set, edited and deleted
 * (set-homework), reading it (homework-reads), the students' work handed in and checked (submissions).
 * This file keeps the names the routes and the tests import.
 */
export { addAttachments, deleteHomework, setHomework, updateHomework, type UploadedHomeworkFile } from './set-homework';
export { assertManagesHomework, batchHomework, childHomework, homeworkDetail, homeworkFileFor, listSubmissions, studentHomework } from './homework-reads';
export { handIn, reviewSubmission, setDoneInClass } from './submissions';
