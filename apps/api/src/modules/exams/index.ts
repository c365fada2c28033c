/**
 * The public face of the exams module (tests and marks): what other modules may use of it
 * (eslint.config.js forbids importing its files directly from another module; decision 026).
 */
export { recordOnlineTestMarks } from './online-test-marks';
export { recordPastExam, type PastExam, type PastMarks } from './past-exams';
