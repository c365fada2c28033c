import type { LectureSettingsValues } from '@academy/shared/schemas/lecture-settings';
import type { Db } from '../../db/client';
import { academySettings } from '../../db/schema';
import type { Actor } from '../../access/actor';
import { diffChanges, recordAudit } from '../audit';

/** Settings → Lectures saved (the route is the lectures module's, decision 088): the row and its audit entry. */
export async function saveLectureSettingsValues(db: Db, actor: Actor, before: () => Promise<LectureSettingsValues>, next: LectureSettingsValues): Promise<void> {
  await db.transaction(async (tx) => {
    const old = await before();
    await tx.update(academySettings).set({ lectures: next, updatedAt: new Date() });
    await recordAudit(tx, actor, { action: 'settings.update', entityType: 'settings', entityId: null, text: { key: 'lecture.settings_saved' }, changes: diffChanges(old, next) });
  });
}
