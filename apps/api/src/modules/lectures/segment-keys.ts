import { createCipheriv, randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lectures } from '../../db/schema';
import { openSecret, sealSecret } from '../../lib/secret-box';
import type { ServerKeys } from '../../lib/server-keys';
import type { Rendered } from './renditions';
import { thisAcademy } from '../../db/same-academy';

/*
 * HLS AES-128 segment keys (issue 75, decision 088). Each lecture has one random 16-byte key, sealed at
 * rest with the server's secrets-at-rest key (lib/secret-box.ts, as provider credentials are) in
 * `lectures.segment_key_sealed`. Every media segment of every rendition is encrypted whole with it
 * (AES-128-CBC, PKCS#7, the IV the segment's media sequence number, as RFC 8216 §5.2 says when the
 * playlist names none), and the playlist carries `#EXT-X-KEY:METHOD=AES-128,URI="/api/lectures/{id}/key"`
 * after its `#EXT-X-MAP`: the init segment (codec headers only, no sound or picture) stays clear, so
 * every player reads it without a key. Debian's ffmpeg 5.1 refuses `-hls_key_info_file` with fMP4
 * ("Encrypted fmp4 not yet supported"), so the segments are encrypted here, after it wrote them.
 * The board stills stay clear JPEGs served to the same readers (see decision 088).
 */

const KEY_CONTEXT = 'lecture-segment-key';

export const keyUrlOf = (lectureId: string) => `/api/lectures/${lectureId}/key`;

/** A new lecture key and its sealed form for the database. */
export function newSegmentKey(keys: ServerKeys): { key: Buffer; sealed: string } {
  const key = randomBytes(16);
  return { key, sealed: sealSecret(keys, KEY_CONTEXT, key.toString('hex')) };
}

export function openSegmentKey(keys: ServerKeys, sealed: string): Buffer {
  const key = Buffer.from(openSecret(keys, KEY_CONTEXT, sealed), 'hex');
  if (key.length !== 16) throw new Error('a lecture key is not 16 bytes');
  return key;
}

/** The IV of a segment when the playlist names none: its media sequence number, big-endian in 16 bytes. */
export function sequenceIv(sequence: number): Buffer {
  const iv = Buffer.alloc(16);
  iv.writeBigUInt64BE(BigInt(sequence), 8);
  return iv;
}

export function encryptSegment(key: Buffer, sequence: number, clear: Buffer): Buffer {
  const cipher = createCipheriv('aes-128-cbc', key, sequenceIv(sequence));
  return Buffer.concat([cipher.update(clear), cipher.final()]);
}

/**
 * Encrypts in place the media segments a rendition's playlist names, writes the key line into its
 * playlist, and answers the rendition with its files' new sizes. A playlist already keyed is left alone.
 */
export async function encryptRendition(rendered: Rendered, folder: string, key: Buffer, keyUrl: string): Promise<Rendered> {
  const playlistPath = path.join(folder, rendered.playlist);
  const lines = (await fsp.readFile(playlistPath, 'utf8')).split('\n');
  if (lines.some((line) => line.startsWith('#EXT-X-KEY'))) return rendered;
  let sequence = Number(/^#EXT-X-MEDIA-SEQUENCE:(\d+)/m.exec(lines.join('\n'))?.[1] ?? 0);
  const out: string[] = [];
  let keyWritten = false;
  for (const line of lines) {
    if (!keyWritten && line.startsWith('#EXTINF')) {
      out.push(`#EXT-X-KEY:METHOD=AES-128,URI="${keyUrl}"`);
      keyWritten = true;
    }
    out.push(line);
    const name = line.trim();
    if (name && !name.startsWith('#')) {
      if (!/^[a-z0-9][a-z0-9.-]*$/.test(name)) throw new Error(`unexpected segment name in a playlist: ${name}`);
      const file = path.join(folder, name);
      await fsp.writeFile(file, encryptSegment(key, sequence, await fsp.readFile(file)));
      sequence += 1;
    }
  }
  await fsp.writeFile(playlistPath, out.join('\n'));
  const files = await Promise.all(rendered.files.map(async (file) => ({ ...file, bytes: (await fsp.stat(file.path)).size })));
  return { ...rendered, files };
}

/** The lecture's key: the one it has, or a new one kept sealed now (before any segment is encrypted with it). */
export async function lectureSegmentKey(db: Db, keys: ServerKeys, lectureId: string): Promise<Buffer> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ sealed: lectures.segmentKeySealed }).from(lectures).where(and(eq(lectures.id, lectureId), thisAcademy(lectures))).for('update');
    if (row?.sealed) return openSegmentKey(keys, row.sealed);
    const made = newSegmentKey(keys);
    await tx.update(lectures).set({ segmentKeySealed: made.sealed }).where(eq(lectures.id, lectureId));
    return made.key;
  });
}
