/**
 * The public face of the academies module, the owner of `academies` (issue 61): the commands the
 * platform operator's actions call (modules/operator decides, this module writes the row).
 */
export { deleteAcademyRow, setAcademyStatus } from './academy-lifecycle.service';
