/**
 * Pure helpers for uploaded files: what name to show and offer on download, whether the content
 * is a PDF, and which bytes a Range header asks for. None of them trusts what the client said.
 */

const PDF_MAGIC = Buffer.from('%PDF-', 'ascii');
export const PDF_MAGIC_LENGTH = PDF_MAGIC.length;

/** A PDF starts with "%PDF-" (whatever its name or declared type say). */
export function looksLikePdf(head: Buffer): boolean {
  return head.length >= PDF_MAGIC.length && head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);
}

/**
 * The uploader's file name made safe to show and to offer on download: only the last path
 * segment (so "../../etc/passwd.pdf" is just "passwd.pdf"), no control or reserved characters,
 * at most 200 characters, always ending in ".pdf". It is never used as a path on the server.
 */
export function sanitizeFileName(name: string | undefined, extension = '.pdf'): string {
  const lastSegment = (name ?? '').split(/[\\/]/).pop() ?? '';
  let clean = lastSegment
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '');
  const lower = clean.toLowerCase();
  if (lower.endsWith(extension)) clean = clean.slice(0, -extension.length).replace(/[.\s]+$/g, '');
  clean = [...clean].slice(0, 200 - extension.length).join('');
  return `${clean || 'note'}${extension}`;
}

/** A readable file name from a title, e.g. for a seeded note: "Algebra: worksheet 1" → "Algebra worksheet 1.pdf". */
export function fileNameFromTitle(title: string): string {
  return sanitizeFileName(title.replace(/[\\/]/g, ' '));
}

/**
 * `Content-Disposition` with the name in both forms (RFC 6266): an ASCII fallback in `filename`
 * and the exact name in `filename*` (RFC 5987 percent-encoding), so no name can break the header.
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export type ByteRange = { start: number; end: number };

/**
 * Reads a `Range` header against a file of `size` bytes (RFC 9110): undefined when there is none
 * or it should be ignored (another unit, several ranges: the whole file is sent), 'unsatisfiable'
 * when it names no byte of the file or cannot be read (416), else the inclusive byte range.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const match = /^\s*([a-z]+)\s*=\s*(.*)$/i.exec(header);
  if (!match || match[1]!.toLowerCase() !== 'bytes') return undefined;
  const spec = match[2]!.trim();
  if (spec.includes(',')) return undefined;
  const parts = /^(\d*)\s*-\s*(\d*)$/.exec(spec);
  if (!parts || (parts[1] === '' && parts[2] === '')) return 'unsatisfiable';
  if (parts[1] === '') {
    // "-500": the last 500 bytes.
    const suffix = Number(parts[2]);
    if (!Number.isSafeInteger(suffix) || suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(parts[1]);
  const end = parts[2] === '' ? size - 1 : Math.min(Number(parts[2]), size - 1);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
