/**
 * The public face of the users module: what other modules may use of it (eslint.config.js forbids
 * importing its files directly from another module; docs/decisions/026-domain-events.md).
 */
export { defineUserJobs, queueWelcomeMail } from './invitations';
export type { InvitationDeps } from './invitations';
export { checkNewUser, createAccount, createAccounts, findUserByEmail, markSignedIn, removeAccounts, setUserPassword, updateAccount } from './users.service';
export type { Invitation } from './users.service';
