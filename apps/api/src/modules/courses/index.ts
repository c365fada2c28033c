/**
 * The public face of the courses module (the open batches as the public site shows them): what other
 * modules may use of it (eslint.config.js forbids importing its files directly from another module).
 */
export { findPublicCourse, listPublicCourses, type OpenCourse } from './courses.service';
