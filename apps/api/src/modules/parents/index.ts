/**
 * The public face of the parents module: what other modules may use of it (eslint.config.js forbids
 * importing its files directly from another module; docs/decisions/026-domain-events.md). The student
 * form's parent fields are the student's first linked parent (decision 030).
 */
export { linkParent, linkParents, linkParentsToStudent, removeChildlessParents, saveFirstParent, unlinkParent, type FirstParentFields, type ParentLink } from './first-parent';
export { addParentRecord } from './parent-records';
