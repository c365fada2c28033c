import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lectureStills } from '../../db/schema';
import type { FileStorage } from '../../lib/storage';
import { MAX_STILLS, type Rendered } from './renditions';

/**
 * A recording in class (decision 087): the board's stills are the ones the teacher's phone took (on a
 * change of the board and on a tap), sent with their times while recording. They are put beside the
 * voice + board rendition's playlist with their timeline (`stills.json`, `[{ t, still }]`, as for a
 * video's scene changes), so the player shows them with the voice. No stills: the rendition as it is.
 */
export async function withRecordedStills(db: Db, storage: FileStorage, lectureId: string, rendered: Rendered, folder: string): Promise<Rendered> {
  const stills = await db
    .select({ tenths: lectureStills.tenths, fileKey: lectureStills.fileKey })
    .from(lectureStills)
    .where(eq(lectureStills.lectureId, lectureId))
    .orderBy(asc(lectureStills.tenths))
    .limit(MAX_STILLS);
  if (stills.length === 0) return rendered;
  const timeline: { t: number; still: string }[] = [];
  const files = [...rendered.files];
  for (const [index, still] of stills.entries()) {
    const name = `still-${String(index + 1).padStart(4, '0')}.jpg`;
    const file = path.join(folder, name);
    await pipeline(storage.read(still.fileKey), fs.createWriteStream(file));
    files.push({ name, path: file, bytes: fs.statSync(file).size });
    timeline.push({ t: still.tenths / 10, still: name });
  }
  const timelineFile = path.join(folder, 'stills.json');
  fs.writeFileSync(timelineFile, JSON.stringify(timeline));
  files.push({ name: 'stills.json', path: timelineFile, bytes: fs.statSync(timelineFile).size });
  return { ...rendered, stills: 'stills.json', files };
}
