import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  archiveKeyId,
  decryptStream,
  encryptStream,
  formatArchiveKey,
  HEADER_BYTES,
  newArchiveKey,
  OffsiteDecryptError,
  parseArchiveKey,
  TAG_BYTES,
} from './offsite-crypto';

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Feeds `data` in pieces of `piece` bytes (odd sizes cross every boundary). */
function source(data: Buffer, piece = 7): Readable {
  const pieces: Buffer[] = [];
  for (let offset = 0; offset < data.length; offset += piece) pieces.push(data.subarray(offset, offset + piece));
  return Readable.from(pieces);
}

const encrypt = (key: Buffer, data: Buffer, chunk = 100) => collect(source(data).pipe(encryptStream(key, chunk)));
const decrypt = (key: Buffer, data: Buffer) => collect(source(data, 13).pipe(decryptStream(key)));

async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OffsiteDecryptError) return error.reason;
    throw error;
  }
  return 'decrypted';
}

describe('off-site encryption framing', () => {
  const key = newArchiveKey();

  it('round-trips any length, including empty and exact multiples of the chunk size (no empty last chunk then)', async () => {
    for (const length of [0, 1, 99, 100, 101, 200, 1000, 4321]) {
      const plain = randomBytes(length);
      const sealed = await encrypt(key, plain);
      const chunks = Math.max(1, Math.ceil(length / 100));
      expect(sealed.length).toBe(HEADER_BYTES + length + chunks * TAG_BYTES);
      expect((await decrypt(key, sealed)).equals(plain)).toBe(true);
    }
  });

  it('hides the plaintext and never encrypts the same way twice', async () => {
    const plain = Buffer.from('Aarav Patil, Std 10, 9876543210\n'.repeat(20));
    const first = await encrypt(key, plain);
    const second = await encrypt(key, plain);
    expect(first.includes(Buffer.from('Aarav'))).toBe(false);
    expect(first.equals(second)).toBe(false);
  });

  it('refuses a wrong key as a wrong key, not as damage', async () => {
    const sealed = await encrypt(key, randomBytes(500));
    expect(await reason(decrypt(newArchiveKey(), sealed))).toBe('wrong-key');
  });

  it('detects a changed byte anywhere, a cut, a dropped or swapped chunk and extra bytes', async () => {
    const sealed = await encrypt(key, randomBytes(450));
    for (const position of [20, 35, HEADER_BYTES, HEADER_BYTES + 150, sealed.length - 1]) {
      const changed = Buffer.from(sealed);
      changed[position]! ^= 1;
      expect(await reason(decrypt(key, changed))).toBe('tampered');
    }
    const chunk = 100 + TAG_BYTES;
    const body = sealed.subarray(HEADER_BYTES);
    const header = sealed.subarray(0, HEADER_BYTES);
    // Cut at a chunk boundary: the remaining last chunk was not sealed as the last one.
    expect(await reason(decrypt(key, Buffer.concat([header, body.subarray(0, 2 * chunk)])))).toBe('tampered');
    expect(await reason(decrypt(key, sealed.subarray(0, sealed.length - 5)))).toBe('tampered');
    expect(await reason(decrypt(key, Buffer.concat([header, body.subarray(chunk)])))).toBe('tampered');
    expect(await reason(decrypt(key, Buffer.concat([header, body.subarray(chunk, 2 * chunk), body.subarray(0, chunk), body.subarray(2 * chunk)])))).toBe('tampered');
    expect(await reason(decrypt(key, Buffer.concat([sealed, Buffer.from('extra')])))).toBe('tampered');
    expect(await reason(decrypt(key, Buffer.from('\x1f\x8b not ours at all, a gzip maybe')))).toBe('not-encrypted');
  });

  it('writes and reads the key as grouped hex, from a sheet or as typed', () => {
    const text = formatArchiveKey(key);
    expect(text).toMatch(/^([0-9a-f]{8}-){7}[0-9a-f]{8}$/);
    expect(parseArchiveKey(text)!.equals(key)).toBe(true);
    expect(parseArchiveKey(`Academy recovery sheet\nKey id: ${archiveKeyId(key).toString('hex')}\nRecovery key: ${text.toUpperCase().replace(/-/g, ' ')}\nKeep it safe.`)!.equals(key)).toBe(true);
    expect(parseArchiveKey('Recovery key: 1234')).toBeUndefined();
  });
});
