import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * The encryption of a backup before it leaves the machine (decision 044): AES-256-GCM in chunks, so a
 * backup of any size streams through in constant memory and every chunk is authenticated before a
 * byte of it is used.
 *
 * File layout:
 *   header (40 bytes) = magic "ACADENC1" (8) | key id (8) | salt (16) | chunk size, u32 big-endian (4) | reserved zeros (4)
 *   then chunks: ciphertext of up to `chunk size` plaintext bytes, each followed by its 16-byte GCM tag.
 * - Each file has its own key: HKDF-SHA256(recovery key, salt, "academy-offsite-backup/v1"), so the
 *   nonces below never repeat under one key whatever the number of backups.
 * - Nonce of chunk i = 3 zero bytes | i as u64 big-endian | last flag (1 on the final chunk, else 0).
 *   The counter stops chunks being reordered or dropped; the flag stops the file being cut short at a
 *   chunk boundary. The final chunk may be empty (then it is only its tag).
 * - The whole header is the additional authenticated data of every chunk: changing any header byte fails.
 * - The key id (the first 8 bytes of SHA-256("academy-offsite-key-id" | key)) tells a wrong recovery
 *   key apart from a damaged file, without revealing anything of the key.
 */
export const OFFSITE_MAGIC = Buffer.from('ACADENC1', 'ascii');
export const HEADER_BYTES = 40;
export const TAG_BYTES = 16;
export const DEFAULT_CHUNK_BYTES = 64 * 1024;
const MAX_CHUNK_BYTES = 16 * 1024 * 1024;
const HKDF_INFO = 'academy-offsite-backup/v1';

export const WRONG_KEY_MESSAGE = 'This recovery key is not the one these backups were encrypted with. Check the key on the recovery sheet. Nothing was changed.';
export const TAMPERED_MESSAGE = 'The encrypted backup is damaged or was changed after it was uploaded (its authentication failed). Nothing was changed.';
export const NOT_ENCRYPTED_MESSAGE = 'This file is not an encrypted Academy backup. Nothing was changed.';

export class OffsiteDecryptError extends Error {
  constructor(
    message: string,
    readonly reason: 'wrong-key' | 'tampered' | 'not-encrypted',
  ) {
    super(message);
  }
}

export function newArchiveKey(): Buffer {
  return randomBytes(32);
}

/** 8 bytes naming a key (not secret: printed on the sheet and stored in every header). */
export function archiveKeyId(key: Buffer): Buffer {
  return createHash('sha256').update('academy-offsite-key-id').update(key).digest().subarray(0, 8);
}

/** The key as people copy it: 64 hex digits in 8 groups of 8 ("1a2b3c4d-…"). */
export function formatArchiveKey(key: Buffer): string {
  return (key.toString('hex').match(/.{8}/g) ?? []).join('-');
}

/**
 * The key from what a person typed or a recovery sheet's text: the line "Recovery key: …" when there
 * is one, else the whole text; spaces, dashes and letter case do not matter. Undefined when no key is found.
 */
export function parseArchiveKey(text: string): Buffer | undefined {
  const line = /recovery key:\s*([0-9a-f\s-]+)/i.exec(text)?.[1] ?? text;
  const digits = line.replace(/[\s-]/g, '').toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(digits)) return undefined;
  return Buffer.from(digits, 'hex');
}

function fileKey(key: Buffer, salt: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', key, salt, HKDF_INFO, 32));
}

function nonce(index: number, last: boolean): Buffer {
  const value = Buffer.alloc(12);
  value.writeBigUInt64BE(BigInt(index), 3);
  value[11] = last ? 1 : 0;
  return value;
}

function sealChunk(key: Buffer, header: Buffer, index: number, last: boolean, plain: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-gcm', key, nonce(index, last));
  cipher.setAAD(header);
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

/** A stream encrypting what goes through it (the header first). `chunkBytes` is for tests. */
export function encryptStream(key: Buffer, chunkBytes = DEFAULT_CHUNK_BYTES): Transform {
  const salt = randomBytes(16);
  const header = Buffer.alloc(HEADER_BYTES);
  OFFSITE_MAGIC.copy(header, 0);
  archiveKeyId(key).copy(header, 8);
  salt.copy(header, 16);
  header.writeUInt32BE(chunkBytes, 32);
  const perFile = fileKey(key, salt);
  let pending = Buffer.alloc(0);
  let index = 0;
  let started = false;
  const start = (stream: Transform) => {
    if (!started) stream.push(header);
    started = true;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      start(this);
      pending = Buffer.concat([pending, chunk]);
      // Keep at least one byte back: only at the end is it known which chunk is the last.
      while (pending.length > chunkBytes) {
        this.push(sealChunk(perFile, header, index++, false, pending.subarray(0, chunkBytes)));
        pending = pending.subarray(chunkBytes);
      }
      callback();
    },
    flush(callback) {
      start(this);
      this.push(sealChunk(perFile, header, index, true, pending));
      callback();
    },
  });
}

/**
 * A stream decrypting an encrypted backup. It fails (OffsiteDecryptError) on a wrong key, on any
 * changed, reordered, missing or extra byte, and on a file cut short; nothing unauthenticated is passed on.
 */
export function decryptStream(key: Buffer): Transform {
  let header: Buffer | undefined;
  let perFile: Buffer | undefined;
  let chunkBytes = 0;
  let pending = Buffer.alloc(0);
  let index = 0;
  const open = (last: boolean, sealed: Buffer): Buffer => {
    const decipher = createDecipheriv('aes-256-gcm', perFile!, nonce(index, last));
    decipher.setAAD(header!);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    try {
      const plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
      index += 1;
      return plain;
    } catch {
      throw new OffsiteDecryptError(TAMPERED_MESSAGE, 'tampered');
    }
  };
  const readHeader = () => {
    const candidate = pending.subarray(0, HEADER_BYTES);
    if (!candidate.subarray(0, 8).equals(OFFSITE_MAGIC)) throw new OffsiteDecryptError(NOT_ENCRYPTED_MESSAGE, 'not-encrypted');
    if (!candidate.subarray(8, 16).equals(archiveKeyId(key))) throw new OffsiteDecryptError(WRONG_KEY_MESSAGE, 'wrong-key');
    chunkBytes = candidate.readUInt32BE(32);
    if (chunkBytes < 1 || chunkBytes > MAX_CHUNK_BYTES) throw new OffsiteDecryptError(TAMPERED_MESSAGE, 'tampered');
    header = Buffer.from(candidate);
    perFile = fileKey(key, header.subarray(16, 32));
    pending = pending.subarray(HEADER_BYTES);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      try {
        pending = Buffer.concat([pending, chunk]);
        if (!header && pending.length >= HEADER_BYTES) readHeader();
        if (header) {
          // A full chunk is the last one only if nothing follows it: decided at the end.
          while (pending.length > chunkBytes + TAG_BYTES) {
            this.push(open(false, pending.subarray(0, chunkBytes + TAG_BYTES)));
            pending = pending.subarray(chunkBytes + TAG_BYTES);
          }
        }
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback) {
      try {
        if (!header) {
          if (pending.length >= 8 && !pending.subarray(0, 8).equals(OFFSITE_MAGIC)) throw new OffsiteDecryptError(NOT_ENCRYPTED_MESSAGE, 'not-encrypted');
          throw new OffsiteDecryptError(TAMPERED_MESSAGE, 'tampered');
        }
        if (pending.length < TAG_BYTES) throw new OffsiteDecryptError(TAMPERED_MESSAGE, 'tampered');
        this.push(open(true, pending));
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}
