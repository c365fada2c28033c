/**
 * The platform operator (issue 55): the public face of the module (docs/decisions/026-domain-events.md).
 */
export { operatorRoutes } from './operator.routes';
export { registerOperatorSession } from './operator-session';
export { createOperator, deleteExpiredOperatorRecords } from './operator.service';
export { removeClosedAcademies } from './academy-status.service';
