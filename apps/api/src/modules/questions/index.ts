/**
 * The public face of the questions module (the question bank of issue 40): what other modules may use
 * of it (eslint.config.js forbids importing its files directly from another module).
 */
export { questionsRoutes } from './questions.routes';
export { getQuestion, questionFingerprint } from './questions.service';
export { QUESTION_IMAGE_PATH, questionImageBytes } from './question-images';
