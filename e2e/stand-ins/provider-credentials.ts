import os from 'node:os';
import path from 'node:path';

/**
 * What the end-to-end server's WhatsApp and MSG91 stand-ins accept (playwright.config.ts points
 * WHATSAPP_API_BASE and MSG91_API_BASE at them). Test values, never a real account's.
 */
export const E2E_PROVIDERS = {
  port: Number(process.env.E2E_PORT ?? 3100) + 1,
  accessToken: 'e2e-whatsapp-access-token-0123456789',
  phoneNumberId: '109876543210987',
  appSecret: 'e2e-whatsapp-app-secret',
  authKey: 'e2e-msg91-auth-key-0123456789',
  /** Templates registered in Meta's authentication category: the stand-in checks their copy-code shape. */
  authenticationTemplates: ['academy_sign_in_code'],
};

export const E2E_PROVIDERS_BASE = `http://127.0.0.1:${E2E_PROVIDERS.port}`;

/**
 * The DNS stand-in (own-domain proofs, issue 55): UDP on the providers' port number, answering the TXT
 * records a spec writes to this file (DOMAIN_CHECK_DNS_SERVERS of the hosted server points at it).
 */
export const E2E_DNS_SERVER = `127.0.0.1:${E2E_PROVIDERS.port}`;
export const E2E_DNS_RECORDS = path.join(os.tmpdir(), `academy-e2e-dns-${E2E_PROVIDERS.port}.json`);
