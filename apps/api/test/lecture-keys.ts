import { createDecipheriv } from 'node:crypto';
import { sequenceIv } from '../src/modules/lectures/segment-keys';

/** What a player does with a keyed segment (AES-128-CBC, the IV its media sequence number): for the tests. */
export function decryptSegment(key: Buffer, sequence: number, encrypted: Buffer): Buffer {
  const decipher = createDecipheriv('aes-128-cbc', key, sequenceIv(sequence));
  return Buffer.concat([decipher.update(encrypted), decipher.final()]);
}
