import type { z } from 'zod';
import type { AppSettings, appSettingsInputSchema } from '@academy/shared/schemas/brand';
import type { Operator } from '@academy/shared/schemas/operator';
import { OPERATOR_MESSAGES } from '@academy/shared/schemas/operator';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { enteredAcademyAddress } from '../../lib/academy-address';
import { withAcademy } from '../../lib/tenancy';
import { getAppSettings, twaManifestOf, updateAppSettings } from '../settings';
import { academyBySlug, operatorNamed } from './academy-status.service';

/**
 * The academy's own Play Store app set by the platform operator for it (issue 78: "the admin, or the
 * operator for the academy"): the same settings, statement and Bubblewrap configuration as the admin's
 * Settings → Your app, read and written inside the academy (its row-level security), at its own address,
 * and written in its own audit log naming the operator.
 */
async function inAcademy<T>(db: Db, slug: string, work: (origin: string) => Promise<T>): Promise<T> {
  const academy = await academyBySlug(db, slug);
  return withAcademy(academy.id, async () => {
    const origin = await enteredAcademyAddress();
    // Every hosted academy has an address (<slug>.BASE_DOMAIN); none means the deployment hosts one academy.
    if (!origin) throw new AppError('CONFLICT', OPERATOR_MESSAGES.noAcademyAddress);
    return work(origin);
  });
}

export function operatorAppSettings(db: Db, slug: string): Promise<AppSettings> {
  return inAcademy(db, slug, (origin) => getAppSettings(db, origin));
}

export function saveOperatorAppSettings(db: Db, operator: Operator, slug: string, input: z.output<typeof appSettingsInputSchema>): Promise<AppSettings> {
  return inAcademy(db, slug, (origin) =>
    updateAppSettings(db, null, input, origin, { key: 'settings.app_by_operator', values: { operator: operatorNamed(operator) } }),
  );
}

export function operatorTwaManifest(db: Db, slug: string): Promise<Record<string, unknown>> {
  return inAcademy(db, slug, (origin) => twaManifestOf(db, origin));
}
