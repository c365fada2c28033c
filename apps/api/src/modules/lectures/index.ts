/**
 * The public face of the lectures module (issue 75): what other modules and app.ts may use of it
 * (eslint.config.js forbids importing its files directly from another module).
 */
export { lecturesRoutes } from './lectures.routes';
export { defineLectureJobs } from './lectures.job';
export { DEBIAN_MEDIA_TOOLS, FFMPEG_INSTALL_HINT, mediaToolsPresent, type MediaTools } from './renditions';
export { createLectureUploads, defineLectureUploadJobs, lectureUploadRoutes } from './lecture-uploads';
export { lectureWatchRoutes } from './lecture-watch.routes';
export { defineLectureUpkeepJobs } from './lecture-upkeep';
export { LECTURE_UPLOAD_RELEASE_CHANNEL } from './upload-lock';
