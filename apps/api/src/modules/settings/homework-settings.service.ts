import type { HomeworkSettings } from '@academy/shared/schemas/homework';
import type { Db } from '../../db/client';
import { academySettings } from '../../db/schema';
import type { Actor } from '../../access/actor';
import { diffChanges, recordAudit } from '../audit';
import { homeworkSettings } from '../../academy-settings';

/** PUT /api/admin/settings/homework (the admin; the route is the homework module's, issue 59). */
export async function saveHomeworkSettings(db: Db, actor: Actor, input: HomeworkSettings): Promise<HomeworkSettings> {
  return db.transaction(async (tx) => {
    const before = await homeworkSettings(tx);
    await tx.update(academySettings).set({ homework: input, updatedAt: new Date() });
    await recordAudit(tx, actor, { action: 'settings.update', entityType: 'settings', entityId: null, text: { key: 'homework.settings_saved' }, changes: diffChanges(before, input) });
    return input;
  });
}
