import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_ACADEMY_ID } from '../../lib/tenancy';
import { academyRelativePath, swapAcademyFiles, uuidReplacer } from './academy-restore';
import { removeLeftovers } from './backups.service';

const ACADEMY = '0f3c2a51-7d4e-4b8a-9c11-2e5f6a7b8c9d';
const made: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-swap-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("an academy's files put in place by a restore", () => {
  it('paths inside the academy folder: a leading academy folder (a whole-installation archive) is dropped', () => {
    expect(academyRelativePath(`${ACADEMY}/a1b2.pdf`)).toBe('a1b2.pdf');
    expect(academyRelativePath('notes/2026/x.pdf')).toBe('notes/2026/x.pdf');
    expect(academyRelativePath('x.pdf')).toBe('x.pdf');
  });

  it("replace only that academy's folder, renaming files as asked", () => {
    const data = dataDir();
    const files = path.join(data, 'files');
    fs.mkdirSync(path.join(files, ACADEMY), { recursive: true });
    fs.mkdirSync(path.join(files, 'other'), { recursive: true });
    fs.writeFileSync(path.join(files, ACADEMY, 'old.pdf'), 'old');
    fs.writeFileSync(path.join(files, 'other', 'keep.pdf'), 'keep');
    const staged = path.join(data, '.restore-abc', 'files');
    fs.mkdirSync(path.join(staged, ACADEMY), { recursive: true });
    fs.writeFileSync(path.join(staged, ACADEMY, 'new.pdf'), 'new');
    fs.writeFileSync(path.join(staged, 'top.pdf'), 'top');
    swapAcademyFiles(path.join(files, ACADEMY), staged, (name) => name.replace('new', 'renamed'));
    expect(fs.readdirSync(path.join(files, ACADEMY)).sort()).toEqual(['renamed.pdf', 'top.pdf']);
    expect(fs.readFileSync(path.join(files, 'other', 'keep.pdf'), 'utf8')).toBe('keep');
    expect(fs.readdirSync(data).filter((name) => name.startsWith('.files-replaced-'))).toEqual([]);
  });

  it('a restore killed between its two renames is finished at the next start', () => {
    const data = dataDir();
    const files = path.join(data, 'files');
    fs.mkdirSync(path.join(files, 'other'), { recursive: true });
    // The academy's old folder renamed away, its restored one not yet in place.
    fs.mkdirSync(path.join(data, '.files-replaced-123'), { recursive: true });
    fs.mkdirSync(path.join(data, '.restore-abc', `files-for-${ACADEMY}`), { recursive: true });
    fs.writeFileSync(path.join(data, '.restore-abc', `files-for-${ACADEMY}`, 'restored.pdf'), 'restored');
    removeLeftovers({ backupsDir: path.join(data, 'backups'), filesDir: files });
    expect(fs.readFileSync(path.join(files, ACADEMY, 'restored.pdf'), 'utf8')).toBe('restored');
    expect(fs.readdirSync(data).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});

describe('uuids replaced consistently', () => {
  it('the same old id gets the same new id everywhere (keys, json, file names); other text is kept', () => {
    const replacer = uuidReplacer([[FIRST_ACADEMY_ID, '11111111-1111-4111-8111-111111111111']]);
    const id = 'a3c8f0de-5b7e-4c1a-9d2f-0123456789ab';
    const line = `{"id":"${id}","academy_id":"${FIRST_ACADEMY_ID}","doc":{"of":"${id.toUpperCase()}"},"file_key":"${id}.pdf","hash":"${'f'.repeat(64)}"}`;
    const out = replacer.replace(line);
    const next = replacer.map.get(id)!;
    expect(next).toMatch(/^[0-9a-f-]{36}$/);
    expect(next).not.toBe(id);
    expect(out).toBe(`{"id":"${next}","academy_id":"11111111-1111-4111-8111-111111111111","doc":{"of":"${next}"},"file_key":"${next}.pdf","hash":"${'f'.repeat(64)}"}`);
    expect(replacer.replace(`${id}.pdf`)).toBe(`${next}.pdf`);
  });
});
