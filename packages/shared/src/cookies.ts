/** The cookies the server sets (the Cookies Policy page lists them); no other cookie exists. */

/** The sign-in session: a random token, HttpOnly (docs/decisions/003-cookie-sessions-in-the-database.md). */
export const SESSION_COOKIE = 'academy_session';

/**
 * Set and cleared with the session cookie, readable by the page's scripts, holding no secret ("1").
 * The web app asks the server who is signed in (GET /auth/me, a 2 s round trip on slow mobile data)
 * only when this cookie is there, so a visitor's page opens from the phone's cache at once (issue 17;
 * docs/decisions/014-fast-on-a-cheap-phone.md). It grants nothing: the server reads only the session cookie.
 */
export const SIGNED_IN_COOKIE = 'academy_signed_in';

/**
 * The language a visitor's browser was last shown the site in ("en", "mr" or "hi"), written by the page's
 * script beside its localStorage copy. Without it, a bare public address of an academy whose language is
 * Marathi or Hindi redirects to that language's page (issue 73). Holds no personal data.
 */
export const LANGUAGE_COOKIE = 'academy_language';

/**
 * A request that must only ever run under one person's session carries that person's user id here
 * (the offline attendance outbox: what a teacher queued on a shared phone). The server answers 401 when
 * the browser's session is anyone else's, so the request waits for its owner instead of being saved
 * under the next person's name (issue 35, finding 9).
 */
export const EXPECTED_USER_HEADER = 'x-academy-user';

/**
 * The platform operator's session at the base domain (issue 55): a random token, HttpOnly, host-only
 * (never sent to an academy's address), separate from the academies' session cookie.
 */
export const OPERATOR_COOKIE = 'academy_operator';
