import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_ACADEMY_ID, withAcademy } from './tenancy';
import { createLocalStorage, moveFilesIntoAcademyFolder } from './storage';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});
function newRoot() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-storage-'));
  folders.push(folder);
  return path.join(folder, 'files');
}
const text = async (stream: Readable) => {
  let all = '';
  for await (const chunk of stream as AsyncIterable<Buffer>) all += chunk.toString();
  return all;
};

describe('files per academy (issue 55)', () => {
  it('keeps each academy’s files in its own folder; another academy’s key opens nothing', async () => {
    const root = newRoot();
    const storage = createLocalStorage({ root });
    const saved = await withAcademy(A, () => storage.save(Readable.from([Buffer.from('notes of A')]), { maxBytes: 100, extension: '.pdf' }));
    expect(fs.existsSync(path.join(root, A, saved.key))).toBe(true);
    expect(await withAcademy(A, () => text(storage.read(saved.key)))).toBe('notes of A');
    expect(await withAcademy(A, () => storage.exists(saved.key))).toBe(true);
    // Academy B, given A's key: no such file of its own.
    expect(await withAcademy(B, () => storage.exists(saved.key))).toBe(false);
    expect(await withAcademy(B, () => storage.size(saved.key))).toBeUndefined();
    await withAcademy(B, () => storage.remove(saved.key));
    expect(fs.existsSync(path.join(root, A, saved.key))).toBe(true);
    // What each academy's files take.
    await withAcademy(B, () => storage.save(Readable.from([Buffer.from('12345')]), { maxBytes: 100, extension: '.pdf' }));
    expect(await withAcademy(A, () => storage.usedBytes())).toBe('notes of A'.length);
    expect(await withAcademy(B, () => storage.usedBytes())).toBe(5);
    expect(await withAcademy('00000000-0000-4000-8000-0000000000cc', () => storage.usedBytes())).toBe(0);
  });

  it('outside any entered academy (one academy) files go to the first academy’s folder', async () => {
    const root = newRoot();
    const storage = createLocalStorage({ root });
    const saved = await storage.save(Readable.from([Buffer.from('x')]), { maxBytes: 100, extension: '.jpg' });
    expect(fs.existsSync(path.join(root, FIRST_ACADEMY_ID, saved.key))).toBe(true);
  });

  it('moves the files of an installation before issue 55 into the first academy’s folder once, leaving anything else', async () => {
    const root = newRoot();
    fs.mkdirSync(root, { recursive: true });
    const key = '0f8fad5b-d9cb-469f-a165-70867728950e.pdf';
    fs.writeFileSync(path.join(root, key), 'old note');
    fs.writeFileSync(path.join(root, 'README.txt'), 'not a stored file');
    const storage = createLocalStorage({ root });
    expect(fs.existsSync(path.join(root, key))).toBe(false);
    expect(await text(storage.read(key))).toBe('old note');
    expect(fs.existsSync(path.join(root, 'README.txt'))).toBe(true);
    // Again (the next start): nothing to move.
    expect(moveFilesIntoAcademyFolder(root)).toBe(0);
    expect(await withAcademy(A, () => storage.exists(key))).toBe(false);
  });
});
