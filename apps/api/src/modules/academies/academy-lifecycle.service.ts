import { eq } from 'drizzle-orm';
import type { AcademyStatus } from '@academy/shared/schemas/operator';
import type { Db } from '../../db/client';
import { academies } from '../../db/schema';
import { withoutAcademy } from '../../lib/tenancy';

/**
 * The academy's own row as the platform operator changes it (issue 55): its status, and its removal once
 * its rows and files are gone. The operator decides (modules/operator); the academies module, owner of
 * `academies`, writes.
 */

/** Sets the status with its times (`suspendedAt`, `closedAt`) as the operator's action decided them. */
export async function setAcademyStatus(db: Db, academyId: string, change: { status: AcademyStatus; suspendedAt: Date | null; closedAt: Date | null; at: Date }): Promise<void> {
  const { status, suspendedAt, closedAt, at } = change;
  await withoutAcademy(async () => await db.update(academies).set({ status, suspendedAt, closedAt, updatedAt: at }).where(eq(academies.id, academyId)));
}

/** Deletes the academy's row (its domains and figures go with it); its academy tables must be emptied first. */
export async function deleteAcademyRow(db: Db, academyId: string): Promise<void> {
  await withoutAcademy(async () => await db.delete(academies).where(eq(academies.id, academyId)));
}
