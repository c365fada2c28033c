import fs from 'node:fs';
import path from 'node:path';

export type ReadMail = { file: string; to: string; subject: string; text: string; html: string };

type Part = { headers: Map<string, string>; body: string };

function parsePart(raw: string): Part {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split + 4);
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const input = value.replace(/=\r\n/g, '');
  for (let index = 0; index < input.length; index += 1) {
    const hex = input.slice(index + 1, index + 3);
    if (input[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(input[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) in headers such as Subject. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_match, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** Collects the text/plain and text/html bodies of a (possibly multipart) message. */
function collectBodies(part: Part, into: { text: string; html: string }) {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const chunk of part.body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      collectBodies(parsePart(chunk.replace(/^\r\n/, '')), into);
    }
  } else if (type.toLowerCase().startsWith('text/html')) into.html = decodeBody(part);
  else if (type.toLowerCase().startsWith('text/plain')) into.text = decodeBody(part);
}

export function parseEml(file: string): ReadMail {
  const message = parsePart(fs.readFileSync(file, 'utf8'));
  const bodies = { text: '', html: '' };
  collectBodies(message, bodies);
  return { file, to: decodeHeader(message.headers.get('to') ?? ''), subject: decodeHeader(message.headers.get('subject') ?? ''), ...bodies };
}

/** Every mail in the outbox folder, oldest first (file names start with the time). */
export function readOutbox(outboxDir: string): ReadMail[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .filter((name) => name.endsWith('.eml') && !name.startsWith('.'))
    .sort()
    .map((name) => parseEml(path.join(outboxDir, name)));
}
