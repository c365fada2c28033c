import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import { areaFiles, inArea, MESSAGE_AREAS, publicPageFiles } from '../../build/message-areas';
import { FIRST_SCREEN_MESSAGES, type FirstScreenMessages } from '../lib/message-areas';

/*
 * The signed-in catalog is sent as one chunk per area (decision 093, build/area-messages.ts): a message
 * goes in the chunk of every area whose screens reach a file it is written in. Part of `npm test`:
 * every message of `app` must be in some area's chunk, and no page of the public site (which loads no
 * chunk of `app`) may reach a file of the `app` catalog — either would show a message's id, not its words.
 * The build checks the imports read here against its own (area-messages.ts, buildEnd).
 */
/** Files of `app` a public page reaches without showing their messages there, with the reason. */
const NEVER_SHOWN_ON_PUBLIC_PAGES: Record<string, string> = {
  'src/features/batches/api.ts': "the router prefetches the teacher's dashboard with its query; the messages are its screens' mutations",
  'src/features/parents/api.ts': "the router prefetches the parent's dashboard with its query; the messages are its screens' mutations",
  'src/features/student-dashboard/api.ts': "the router prefetches the student's dashboard with its query; the messages are its screens'",
  'src/lib/gender.ts': "the admission form takes its options' values; it words their labels itself (in `public`)",
};

const webDir = path.resolve(import.meta.dirname, '../..');
const config = getConfig({ cwd: webDir, skipValidation: true });

describe('the signed-in catalog in chunks per area', async () => {
  const app = (await getCatalogs(config)).find((catalog) => path.basename(catalog.path) === 'app')!;
  const messages = Object.values((await app.read('en')) ?? {}).filter((entry) => !entry.obsolete);
  const originsOf = (entry: (typeof messages)[number]) => (entry.origin ?? []).map(([file]) => file);

  it('puts every message of `app` in some area', () => {
    const areas = areaFiles(webDir);
    const nowhere = messages.filter((entry) => !MESSAGE_AREAS.some((area) => originsOf(entry).some((file) => areas[area].has(file))));
    expect(nowhere.map((entry) => `"${entry.message}" (${originsOf(entry).join(', ')})`)).toEqual([]);
  });

  it('keeps the files of `app` out of the public pages', () => {
    const reached = publicPageFiles(webDir);
    const shown = [...new Set(messages.flatMap(originsOf))].filter((file) => reached.has(file) && !(file in NEVER_SHOWN_ON_PUBLIC_PAGES));
    expect(shown).toEqual([]);
  });

  it("holds in a first screen's chunk only messages of its area's", () => {
    const areas = areaFiles(webDir);
    for (const chunk of Object.keys(FIRST_SCREEN_MESSAGES) as FirstScreenMessages[]) {
      const area = chunk.split('-')[0] as (typeof MESSAGE_AREAS)[number];
      expect([...areas[chunk]].filter((file) => !areas[area].has(file)), chunk).toEqual([]);
    }
  });

  it("gives a drawn first screen a small part of the public catalog, the messages its files use (decision 102)", async () => {
    const publicCatalog = (await getCatalogs(config)).find((catalog) => path.basename(catalog.path) === 'public')!;
    const entries = Object.values((await publicCatalog.read('en')) ?? {}).filter((entry) => !entry.obsolete);
    const areas = areaFiles(webDir);
    for (const chunk of Object.keys(FIRST_SCREEN_MESSAGES) as FirstScreenMessages[]) {
      const part = entries.filter((entry) => inArea(originsOf(entry), areas[chunk]));
      expect(part.length, chunk).toBeGreaterThan(0);
      expect(part.length, chunk).toBeLessThan(entries.length / 4);
    }
  });

  it('gives a student far fewer messages than the office', () => {
    const areas = areaFiles(webDir);
    const count = (area: (typeof MESSAGE_AREAS)[number]) => messages.filter((entry) => originsOf(entry).some((file) => areas[area].has(file))).length;
    expect(count('student')).toBeLessThan(count('admin') / 2);
  });
});
