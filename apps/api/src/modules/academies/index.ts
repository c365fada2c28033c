/**
 * The public face of the academies module, the owner of `academies` (issue 61): the commands the
 * platform operator's actions call (modules/operator decides, this module writes the row), and those a
 * restore calls in its own transaction (modules/backups).
 */
export { deleteAcademyRow, setAcademyStatus } from './academy-lifecycle.service';
export { createAcademyRow, updateAcademyIdentity } from './academy-row';
