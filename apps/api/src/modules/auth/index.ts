/**
 * The public face of the auth module: what other modules may use of it (eslint.config.js forbids
 * importing its files directly from another module; docs/decisions/026-domain-events.md).
 */
export { setSessionCookies } from './session.service';
export { LOGIN_ACCOUNT_CEILING, LOGIN_ADDRESS_LIMIT, LOGIN_FAILURE_LIMIT, toSessionUser } from './auth.service';
export { checkPhoneCode, codeMessage, givePhoneProof, issuePhoneCode, phoneCodeMessages, usePhoneProof, type PhoneCodePurpose } from './sign-in-code.service';
