/**
 * The public face of the sessions module: an account's ways in, its sessions and its set-password
 * links, the only writer of their tables (db/schema/sessions.ts). It stands on db/ and lib/ only, so
 * both auth (sign-in, sign-out, reset links) and users (which ends an account's sessions and sends its
 * welcome link) call it.
 */
export { createSession, deleteExpiredSessionsAndLinks, deleteSession, deleteUserSessions, renewSession } from './sessions.service';
export { createPasswordLink, usePasswordLink, voidPasswordLinks, type PasswordLinkPurpose } from './password-links';
