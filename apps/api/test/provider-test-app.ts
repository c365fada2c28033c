import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';
import { startProviderStandIns, type ProviderStandIns } from './provider-stand-ins';

/**
 * The credentials the WhatsApp and MSG91 stand-ins accept. A test saves the same ones in the academy's
 * messaging settings (PUT /api/admin/settings/messaging) before the academy sends anything.
 */
export const STAND_IN = {
  accessToken: 'EAAG-stand-in-access-token-0123456789',
  phoneNumberId: '106540352242922',
  appSecret: 'meta-app-secret-0123456789abcdef',
  verifyToken: 'verify-token-0123456789',
  authKey: 'msg91-auth-key-0123456789abcdef',
} as const;

/** The academy's WhatsApp settings that reach the stand-in, with the given approved templates. */
export function standInWhatsApp(templates: Record<string, string>) {
  return { enabled: true, phoneNumberId: STAND_IN.phoneNumberId, accessToken: STAND_IN.accessToken, appSecret: STAND_IN.appSecret, verifyToken: STAND_IN.verifyToken, templates };
}

type AppOptions = NonNullable<Parameters<typeof buildTestApp>[0]>;

/**
 * The real app (shareTestApp) with its messaging pointed at local stand-ins of WhatsApp and MSG91,
 * shared by the tests of one file: both started before them and closed after them. Call it at the top
 * of the file; `t` and `providers` are filled in by the beforeAll hook this registers, so read them only
 * inside hooks and tests.
 *
 * `appOptions` is read when the app is built, so it may use what an earlier beforeAll started (a push
 * service stand-in, a log stream). The stand-ins keep what they were sent until `providers.reset()`.
 */
export function shareProviderTestApp(appOptions: () => AppOptions = () => ({})): { t: TestApp; providers: ProviderStandIns } {
  const t = {} as TestApp;
  const providers = {} as ProviderStandIns;
  beforeAll(async () => {
    Object.assign(providers, await startProviderStandIns({ accessToken: STAND_IN.accessToken, phoneNumberId: STAND_IN.phoneNumberId, authKey: STAND_IN.authKey }));
    const options = appOptions();
    Object.assign(t, await buildTestApp({ ...options, config: { ...options.config, providers: { whatsappBase: providers.base, msg91Base: providers.base } } }));
  });
  afterAll(async () => {
    await t.close();
    await providers.close();
  });
  return { t, providers };
}
