import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { BRAND_MESSAGES, brandFileUrl, type AppSettings, type appSettingsInputSchema } from '@academy/shared/schemas/brand';
import type { Db, DbExecutor } from '../../db/client';
import { academySettings } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AuditText } from '@academy/shared/i18n/audit-texts';
import { diffChanges, recordAudit, type AuditActor } from '../audit';
import { getAcademySettings } from '../../academy-settings';
import { thisAcademy } from '../../db/same-academy';

/**
 * The academy's own Play Store app (issue 78, decision 080): a Trusted Web Activity of its site. Its
 * package name and its signing certificates' SHA-256 fingerprints make the Digital Asset Links statement
 * the academy's host serves at /.well-known/assetlinks.json; the Bubblewrap project configuration
 * (twa-manifest.json) is drawn from the academy's brand and address.
 */

async function readApp(db: DbExecutor): Promise<{ packageName: string | null; fingerprints: string[] }> {
  const [row] = await db.select({ app: academySettings.app }).from(academySettings).where(thisAcademy(academySettings));
  return { packageName: row?.app.packageName ?? null, fingerprints: row?.app.fingerprints ?? [] };
}

export async function getAppSettings(db: DbExecutor, origin: string): Promise<AppSettings> {
  return { ...(await readApp(db)), assetLinksUrl: `${origin}/.well-known/assetlinks.json` };
}

/** Saves the app (the academy's admin, or the platform operator for it: `text` then names the operator). */
export async function updateAppSettings(
  db: Db,
  actor: AuditActor,
  input: z.output<typeof appSettingsInputSchema>,
  origin: string,
  text: AuditText = { key: 'settings.app' },
): Promise<AppSettings> {
  // Each fingerprint once (the upload key pasted twice is one certificate).
  const fingerprints = input.packageName === null ? [] : [...new Set(input.fingerprints)];
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ app: academySettings.app }).from(academySettings).where(thisAcademy(academySettings)).for('update');
    const before = { packageName: row?.app.packageName ?? null, fingerprints: row?.app.fingerprints ?? [] };
    const next = input.packageName === null ? {} : { packageName: input.packageName, fingerprints };
    await tx.update(academySettings).set({ app: next, updatedAt: sql`now()` });
    await recordAudit(tx, actor, {
      action: 'settings.update',
      entityType: 'settings',
      entityId: null,
      text,
      changes: diffChanges(before, { packageName: input.packageName, fingerprints }) ?? {},
    });
  });
  return getAppSettings(db, origin);
}

/** The Digital Asset Links statement (Google's format): [] until the academy has an app. */
export async function assetLinksOf(db: DbExecutor) {
  const app = await readApp(db);
  if (!app.packageName || app.fingerprints.length === 0) return [];
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: { namespace: 'android_app' as const, package_name: app.packageName, sha256_cert_fingerprints: app.fingerprints },
    },
  ];
}

/**
 * The Bubblewrap project configuration (its TwaManifestJson) for the academy at `origin`: `bubblewrap
 * init --manifest` reads it, or `bubblewrap build` uses it as twa-manifest.json. The signing key's
 * path and alias are Bubblewrap's usual ones: the key is made on the builder's machine, never here.
 */
export async function twaManifestOf(db: DbExecutor, origin: string): Promise<Record<string, unknown>> {
  const app = await readApp(db);
  if (!app.packageName) throw new AppError('CONFLICT', BRAND_MESSAGES.appNotSet);
  const settings = await getAcademySettings(db);
  const { brand } = settings;
  const url = new URL(origin);
  const icon = brand.logoUrl ? brandFileUrl(brand.logoUrl, 'icon-512') : '/icon-512.png';
  const maskable = brand.logoUrl ? brandFileUrl(brand.logoUrl, 'icon-maskable-512') : '/icon-maskable-512.png';
  return {
    packageId: app.packageName,
    host: url.host,
    name: settings.name,
    launcherName: brand.shortName,
    display: 'standalone',
    themeColor: brand.colour,
    themeColorDark: brand.colour,
    navigationColor: brand.colour,
    navigationColorDark: brand.colour,
    navigationDividerColor: brand.colour,
    navigationDividerColorDark: brand.colour,
    backgroundColor: '#FFFFFF',
    enableNotifications: true,
    startUrl: '/',
    iconUrl: new URL(icon, origin).href,
    maskableIconUrl: new URL(maskable, origin).href,
    splashScreenFadeOutDuration: 300,
    signingKey: { path: './android.keystore', alias: 'android' },
    appVersionCode: 1,
    appVersion: '1',
    shortcuts: [],
    generatorApp: 'bubblewrap-cli',
    webManifestUrl: new URL('/manifest.webmanifest', origin).href,
    fallbackType: 'customtabs',
    features: {},
    alphaDependencies: { enabled: false },
    enableSiteSettingsShortcut: true,
    isChromeOSOnly: false,
    isMetaQuest: false,
    fullScopeUrl: new URL('/', origin).href,
    minSdkVersion: 21,
    orientation: 'default',
    fingerprints: app.fingerprints.map((value, index) => ({ name: index === 0 ? 'Play app signing' : `Key ${index + 1}`, value })),
    additionalTrustedOrigins: [],
    retainedBundles: [],
  };
}
