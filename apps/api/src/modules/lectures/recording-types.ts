/*
 * The recordings a lecture takes, known by their first bytes (never the name or the browser's claim):
 * what phones record (MP4, MOV, 3GP, WebM, M4A, AMR) and the common others. ffprobe reads the file
 * again in the job; this only refuses what is plainly not a recording, at once.
 */

/** Bytes looked at; the shortest recording is longer. */
export const RECORDING_HEAD_BYTES = 16;

export type RecordingType = { extension: string; kind: 'video' | 'audio' | 'either' };

export function recordingTypeOf(head: Buffer): RecordingType | null {
  const at = (text: string, offset = 0) => head.length >= offset + text.length && head.subarray(offset, offset + text.length).toString('latin1') === text;
  const bytes = (signature: number[], offset = 0) => head.length >= offset + signature.length && signature.every((byte, i) => head[offset + i] === byte);
  // ISO media (MP4, MOV, 3GP, M4A): a box named "ftyp" at byte 4; an old QuickTime file may start with other boxes.
  if (at('ftyp', 4)) {
    const brand = head.subarray(8, 12).toString('latin1');
    if (brand.startsWith('M4A') || brand.startsWith('M4B')) return { extension: '.m4a', kind: 'audio' };
    if (brand.startsWith('3g')) return { extension: '.3gp', kind: 'either' };
    if (brand === 'qt  ') return { extension: '.mov', kind: 'video' };
    return { extension: '.mp4', kind: 'either' };
  }
  if (at('moov', 4) || at('mdat', 4) || at('wide', 4) || at('free', 4)) return { extension: '.mov', kind: 'video' };
  // Matroska and WebM (EBML).
  if (bytes([0x1a, 0x45, 0xdf, 0xa3])) return { extension: '.webm', kind: 'either' };
  if (at('RIFF') && at('AVI ', 8)) return { extension: '.avi', kind: 'video' };
  if (at('RIFF') && at('WAVE', 8)) return { extension: '.wav', kind: 'audio' };
  if (at('OggS')) return { extension: '.ogg', kind: 'audio' };
  if (at('fLaC')) return { extension: '.flac', kind: 'audio' };
  if (at('#!AMR')) return { extension: '.amr', kind: 'audio' };
  if (at('ID3')) return { extension: '.mp3', kind: 'audio' };
  // MPEG audio frames (MP3) and ADTS (AAC): a frame sync of 11 or 12 set bits.
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xf6) === 0xf0) return { extension: '.aac', kind: 'audio' };
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) return { extension: '.mp3', kind: 'audio' };
  return null;
}
