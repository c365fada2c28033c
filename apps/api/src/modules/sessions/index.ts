/**
 * The public face of the sessions module: an account's ways in, its sessions and its set-password
 * links, the only writer of their tables (db/schema/sessions.ts). It stands on db/ and lib/ only, so
 * users (which ends an account's sessions and sends its welcome link), profile and auth all call it.
 */
export { createSession, deleteExpiredSessionsAndLinks, deleteSession, deleteUserSessions, renewSession } from './sessions.service';
export { createPasswordLink, usePasswordLink, voidPasswordLinks, type PasswordLinkPurpose } from './password-links';
