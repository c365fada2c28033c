import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { academies, users } from '../../db/schema';
import { FIRST_ACADEMY_ID, withAcademy, withoutAcademy } from '../../lib/tenancy';
import { createAcademySettings } from '../settings';

/** The demo academy's address with ACADEMY_HOSTING=many in development: demo.localhost. */
export const DEMO_ACADEMY_SLUG = 'demo';

/**
 * The academy the development demo is seeded into with ACADEMY_HOSTING=many (`demo`). A new deployment's
 * first academy (made by migration 0057, still empty, still called `main`) becomes it, so a fresh hosted
 * deployment has no empty academy beside the demo; a deployment that already has `demo` keeps it.
 */
export async function ensureDemoAcademy(db: Db): Promise<string> {
  const [demo] = await withoutAcademy(() => db.select({ id: academies.id }).from(academies).where(eq(academies.slug, DEMO_ACADEMY_SLUG)));
  if (demo) return demo.id;
  const [first] = await withoutAcademy(() => db.select({ slug: academies.slug }).from(academies).where(eq(academies.id, FIRST_ACADEMY_ID)));
  const [people] = await withAcademy(FIRST_ACADEMY_ID, () => db.select({ value: count() }).from(users));
  if (first?.slug === 'main' && (people?.value ?? 0) === 0) {
    await withoutAcademy(() => db.update(academies).set({ slug: DEMO_ACADEMY_SLUG, name: 'Demo Academy', updatedAt: new Date() }).where(eq(academies.id, FIRST_ACADEMY_ID)));
    return FIRST_ACADEMY_ID;
  }
  // The academy and its settings row (issue 79) together: a failure leaves neither.
  return withoutAcademy(() =>
    db.transaction(async (tx) => {
      const [made] = await tx.insert(academies).values({ slug: DEMO_ACADEMY_SLUG, name: 'Demo Academy', city: 'Latur' }).returning({ id: academies.id });
      await withAcademy(made!.id, () => createAcademySettings(tx));
      return made!.id;
    }),
  );
}
