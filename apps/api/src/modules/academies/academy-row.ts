import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { academies } from '../../db/schema';
import { withAcademy } from '../../lib/tenancy';
import { createAcademySettings } from '../settings';

/**
 * The academy's row as a restore writes it (issue 79: backups ask `academies`). Both commands run on the
 * executor they are given — the restore's own transaction, so that a failed restore leaves no academy
 * behind — and in the caller's academy context as it stands (`academies` has no row-level security).
 */

/**
 * A new academy's row, as `academy:import` makes it for an archive restored as a new academy, with its
 * settings row (issue 79: an academy always has one; the archive's own replaces it as the restore goes on).
 */
export async function createAcademyRow(tx: DbExecutor, academy: { id: string; slug: string; name: string; city: string | null; language: string }): Promise<void> {
  await tx.insert(academies).values({ id: academy.id, slug: academy.slug, name: academy.name, city: academy.city, language: academy.language });
  await withAcademy(academy.id, () => createAcademySettings(tx));
}

/** The academy's name, city and language, as an archive restored over it names them (its slug stays). */
export async function updateAcademyIdentity(tx: DbExecutor, academyId: string, identity: { name: string; city: string | null; language: string }): Promise<void> {
  await tx.update(academies).set({ name: identity.name, city: identity.city, language: identity.language, updatedAt: sql`now()` }).where(eq(academies.id, academyId));
}
