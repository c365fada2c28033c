import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';

/**
 * The archive: a gzip'd tar holding manifest.json first (so a list can read it without unpacking
 * the rest), then tables/<table>.jsonl, then files/<path> for every stored file.
 */
export const ARCHIVE_FORMAT = 'academy-backup';
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

/**
 * The manifest's signature (issue 35, finding 6): HMAC-SHA256, keyed by the server's `backup-manifest`
 * key (lib/server-keys.ts), over the exact bytes of manifest.json as stored in the archive, written as
 * 64 hex digits in its own entry right after it. The manifest holds every table's and file's sha256, so
 * a valid signature vouches for the whole archive: a backup changed and re-packed with its checksums
 * recomputed, or one made by another server, no longer verifies.
 * A separate entry over the stored bytes, not a field inside the manifest: verifying then needs no
 * canonical JSON (key order, spacing, number and string escapes would all have to be re-created
 * exactly by whoever checks), the bytes checked are the bytes read, and the manifest is parsed only
 * once its signature has verified.
 */
export const SIGNATURE_ENTRY = 'manifest.sig';
const MAX_SIGNATURE_BYTES = 1024;

export function signManifest(manifestBytes: Buffer, key: Buffer): string {
  return createHmac('sha256', key).update(manifestBytes).digest('hex');
}

/** True when `signature` is this key's signature of exactly these manifest bytes (compared in constant time). */
export function manifestSignatureValid(manifestBytes: Buffer, signature: string, key: Buffer): boolean {
  const expected = Buffer.from(signManifest(manifestBytes, key), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Each academy's own signing key (issue 71): the server's `backup-manifest` key with the academy's id,
 * so that one academy's backup does not verify at another academy of the same server. Backups signed
 * before with the server's key alone (`legacy`) are still taken where their manifest names this
 * academy (stageBackup in backups.service.ts).
 */
export function academyManifestKey(serverKey: Buffer, academyId: string): Buffer {
  return createHmac('sha256', serverKey).update(`academy-backup-manifest/${academyId}`).digest();
}

/** Whose signature an archive carries, for the academy restoring it. */
export type ManifestSigner = 'this-academy' | 'another-academy' | 'unknown';

/**
 * `this-academy`: signed with this academy's key, or with the server's key of before issue 71 and its
 * manifest names this academy (or no academy, when this is the first one: a one-academy installation's).
 * `another-academy`: signed on this server for another academy. `unknown`: another server, or changed.
 * The manifest's academy is read before any signature verified only to pick which key to try.
 */
/** The academy a manifest names (unverified: read only to know which academy's key to check it with). */
export function manifestAcademyId(manifestBytes: Buffer | undefined): string | undefined {
  if (manifestBytes === undefined) return undefined;
  try {
    const id = (JSON.parse(manifestBytes.toString('utf8')) as { academy?: { id?: unknown } }).academy?.id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

export function manifestSigner(manifestBytes: Buffer, signature: string, serverKey: Buffer, academyId: string, firstAcademyId: string): ManifestSigner {
  if (manifestSignatureValid(manifestBytes, signature, academyManifestKey(serverKey, academyId))) return 'this-academy';
  const named = manifestAcademyId(manifestBytes);
  if (manifestSignatureValid(manifestBytes, signature, serverKey)) return (named ?? firstAcademyId) === academyId ? 'this-academy' : 'another-academy';
  if (named !== undefined && named !== academyId && manifestSignatureValid(manifestBytes, signature, academyManifestKey(serverKey, named))) return 'another-academy';
  return 'unknown';
}

export const UNSIGNED_BACKUP_MESSAGE = `This backup was not made by this academy's server, or it was changed after it was made. Nothing was changed.`;
export const OTHER_ACADEMY_BACKUP_MESSAGE = 'This is a backup of another academy: an academy can restore only its own backups. Nothing was changed.';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_$]*$/;

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int(),
  appVersion: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  kind: z.enum(['manual', 'automatic']),
  /**
   * Whose rows and files these are (issue 55): one academy's, by its id (the `academy_id` of every row),
   * address and name. Absent in archives made before, which hold a whole one-academy installation.
   */
  academy: z
    .object({ id: z.guid(), slug: z.string(), name: z.string(), city: z.string().nullable().optional(), language: z.string().optional() })
    .optional(),
  migration: z.object({ tag: z.string(), hash: z.string(), createdAt: z.number() }),
  tables: z.array(z.object({ name: z.string().regex(TABLE_NAME), file: z.string(), rows: z.number().int().min(0), sha256: sha256Hex })),
  files: z.array(z.object({ path: z.string().min(1), size: z.number().int().min(0), sha256: sha256Hex })),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const tableEntryName = (table: string) => `tables/${table}.jsonl`;
export const fileEntryName = (relativePath: string) => `files/${relativePath}`;

/** A relative path with forward slashes and no way out of its folder ("..", absolute, empty parts). */
export function isSafeRelativePath(value: string): boolean {
  if (value === '' || value.includes('\\') || value.includes('\0') || value.startsWith('/')) return false;
  return value.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

export class InvalidBackupError extends AppError {
  constructor(message: string) {
    super('BAD_REQUEST', message);
  }
}

export const DAMAGED_MESSAGE = 'This file is not a readable Academy backup: it is damaged, incomplete or not a .tar.gz made by Academy. Nothing was changed.';

/** Every regular file under `root` (any depth), as sorted relative paths with forward slashes. */
export async function listStoredFiles(root: string): Promise<string[]> {
  if (!fs.existsSync(root)) return [];
  const found: string[] = [];
  const walk = async (folder: string, prefix: string) => {
    for (const entry of await fs.promises.readdir(folder, { withFileTypes: true })) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(folder, entry.name), relative);
      // Symbolic links and devices are not stored files; a link could point anywhere.
      else if (entry.isFile()) found.push(relative);
    }
  };
  await walk(root, '');
  return found.sort();
}

export async function fileDigest(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

function hashingPassThrough(onChunk: (chunk: Buffer) => void) {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        onChunk(chunk);
      } catch (error) {
        return callback(error as Error);
      }
      callback(null, chunk);
    },
  });
}

function addEntry(pack: tar.Pack, name: string, size: number, source: Readable, onChunk: (chunk: Buffer) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const entry = pack.entry({ name, size, mode: 0o644, mtime: new Date() }, (error) => (error ? reject(error) : resolve()));
    pipeline(source, hashingPassThrough(onChunk), entry).catch(reject);
  });
}

/**
 * Writes the archive to `target` (first to a hidden partial file, renamed once complete and synced,
 * so a crash never leaves something that looks like a finished backup). Each stored file is hashed
 * again while it is copied: a file that changed since the manifest was made fails the backup.
 */
export async function writeArchive(
  target: string,
  manifest: Manifest,
  sources: { tablesDir: string; filesDir: string },
  manifestKey: Buffer,
  onProgress: (bytesWritten: number) => void,
): Promise<void> {
  const partial = path.join(path.dirname(target), `.${path.basename(target)}.partial`);
  const pack = tar.pack();
  const output = fs.createWriteStream(partial, { mode: 0o600 });
  const written = pipeline(pack, zlib.createGzip({ level: 6 }), output);
  written.catch(() => {});
  let bytes = 0;
  const count = (chunk: Buffer) => {
    bytes += chunk.length;
    onProgress(bytes);
  };
  try {
    const manifestText = Buffer.from(JSON.stringify(manifest, null, 2));
    await new Promise<void>((resolve, reject) => pack.entry({ name: MANIFEST_ENTRY, size: manifestText.length, mode: 0o644 }, manifestText, (error) => (error ? reject(error) : resolve())));
    const signature = Buffer.from(signManifest(manifestText, manifestKey), 'utf8');
    await new Promise<void>((resolve, reject) => pack.entry({ name: SIGNATURE_ENTRY, size: signature.length, mode: 0o644 }, signature, (error) => (error ? reject(error) : resolve())));
    for (const table of manifest.tables) {
      const file = path.join(sources.tablesDir, `${table.name}.jsonl`);
      await addEntry(pack, table.file, fs.statSync(file).size, fs.createReadStream(file), count);
    }
    for (const stored of manifest.files) {
      const hash = createHash('sha256');
      await addEntry(pack, fileEntryName(stored.path), stored.size, fs.createReadStream(path.join(sources.filesDir, stored.path)), (chunk) => {
        hash.update(chunk);
        count(chunk);
      });
      if (hash.digest('hex') !== stored.sha256) throw new Error(`The stored file ${stored.path} changed while the backup was running; please try again.`);
    }
    pack.finalize();
    await written;
    const handle = await fs.promises.open(partial, 'r');
    await handle.sync();
    await handle.close();
    await fs.promises.rename(partial, target);
  } catch (error) {
    pack.destroy();
    await written.catch(() => {});
    await fs.promises.rm(partial, { force: true });
    // A size that changed mid-copy shows up as tar-stream's size error: say what it means.
    if (error instanceof Error && /size mismatch|Size mismatch/i.test(error.message)) throw new Error('A stored file changed while the backup was running; please try again.', { cause: error });
    throw error;
  }
}

type ExtractedEntry = { size: number; sha256: string; lines: number };
/** The manifest's bytes exactly as stored and its signature's text (undefined when the archive has none). */
export type ExtractedArchive = { manifestBytes: Buffer | undefined; signature: string | undefined; entries: Map<string, ExtractedEntry> };

/**
 * Limits while unpacking, checked as the bytes arrive so a "zip bomb" is refused after at most this
 * much, not after filling the disk. An Academy backup's tables (JSON Lines) shrink about 10× in gzip
 * and its files (PDFs) barely at all, so 40× the archive's size (at least 64 MiB) leaves room for
 * any real backup; the entry count bounds the work spent on empty entries.
 */
export const UNPACK_RATIO_LIMIT = 40;
export const UNPACK_FLOOR_BYTES = 64 * 1024 * 1024;
export const MAX_ARCHIVE_ENTRIES = 100_000;
export type UnpackLimits = { maxUnpackedBytes: number; maxEntries: number };

export function unpackLimitsFor(archive: string): UnpackLimits {
  return { maxUnpackedBytes: Math.max(UNPACK_FLOOR_BYTES, UNPACK_RATIO_LIMIT * fs.statSync(archive).size), maxEntries: MAX_ARCHIVE_ENTRIES };
}

export const TOO_LARGE_UNPACKED_MESSAGE = 'This backup unpacks to far more than its size suggests (or holds too many entries); it was not made by Academy. Nothing was changed.';

/**
 * Unpacks an archive into `stagingDir`, hashing every entry on the way. Only regular files under
 * tables/ and files/ and the manifest are accepted; anything else (a link, a path leaving the folder)
 * refuses the whole archive. A damaged or cut-off archive fails here with DAMAGED_MESSAGE.
 */
export async function extractArchive(archive: string, stagingDir: string, limits: UnpackLimits = unpackLimitsFor(archive)): Promise<ExtractedArchive> {
  const entries = new Map<string, ExtractedEntry>();
  let unpackedBytes = 0;
  let entryCount = 0;
  let manifestBytes: Buffer | undefined;
  let signature: string | undefined;
  const extract = tar.extract();
  let refusal: InvalidBackupError | undefined;

  extract.on('entry', (header, stream, next) => {
    const name = header.name.replace(/^\.\//, '');
    // Refusing destroys the extractor, which fails the entry's stream too: that is handled below.
    stream.on('error', () => {});
    const finish = (error?: unknown) => {
      if (error) {
        stream.resume();
        next(error as Error);
      } else next();
    };
    const refuse = (message: string) => {
      refusal = new InvalidBackupError(message);
      finish(refusal);
    };
    entryCount += 1;
    if (entryCount > limits.maxEntries) return refuse(TOO_LARGE_UNPACKED_MESSAGE);
    if (header.type === 'directory') {
      stream.resume();
      return next();
    }
    if (header.type !== 'file') return refuse(`This backup contains "${name}", which is not a regular file; it was not made by Academy. Nothing was changed.`);
    if (entries.has(name)) return refuse(`This backup contains "${name}" twice; it was not made by Academy. Nothing was changed.`);
    if (name === MANIFEST_ENTRY || name === SIGNATURE_ENTRY) {
      // Both are read into memory: the manifest to check everything else, its signature to check the manifest.
      const limit = name === MANIFEST_ENTRY ? MAX_MANIFEST_BYTES : MAX_SIGNATURE_BYTES;
      const chunks: Buffer[] = [];
      let length = 0;
      stream.on('data', (chunk: Buffer) => {
        length += chunk.length;
        unpackedBytes += chunk.length;
        if (unpackedBytes > limits.maxUnpackedBytes && !refusal) refuse(TOO_LARGE_UNPACKED_MESSAGE);
        if (length <= limit) chunks.push(chunk);
      });
      stream.on('error', finish);
      stream.on('end', () => {
        if (length > limit && name === MANIFEST_ENTRY) return refuse('The backup manifest is too large. Nothing was changed.');
        const bytes = Buffer.concat(chunks);
        if (name === MANIFEST_ENTRY) manifestBytes = bytes;
        // A signature far longer than ours cannot be ours: kept as one that does not verify.
        else signature = length > limit ? '' : bytes.toString('utf8');
        entries.set(name, { size: length, sha256: createHash('sha256').update(bytes).digest('hex'), lines: 0 });
        finish();
      });
      return;
    }
    const relative = name.startsWith('tables/') ? name.slice('tables/'.length) : name.startsWith('files/') ? name.slice('files/'.length) : undefined;
    if (relative === undefined || !isSafeRelativePath(relative) || (name.startsWith('tables/') && relative.includes('/'))) {
      return refuse(`This backup contains an unexpected entry "${name}"; it was not made by Academy. Nothing was changed.`);
    }
    const destination = path.join(stagingDir, name);
    fs.mkdirSync(path.dirname(destination), { recursive: true });
    const hash = createHash('sha256');
    let size = 0;
    let lines = 0;
    pipeline(
      stream,
      hashingPassThrough((chunk) => {
        unpackedBytes += chunk.length;
        if (unpackedBytes > limits.maxUnpackedBytes) {
          refusal = new InvalidBackupError(TOO_LARGE_UNPACKED_MESSAGE);
          throw refusal;
        }
        hash.update(chunk);
        size += chunk.length;
        for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines += 1;
      }),
      fs.createWriteStream(destination, { mode: 0o600 }),
    ).then(() => {
      entries.set(name, { size, sha256: hash.digest('hex'), lines });
      finish();
    }, finish);
  });

  try {
    await pipeline(fs.createReadStream(archive), zlib.createGunzip(), extract);
  } catch (error) {
    if (refusal) throw refusal;
    if ((error as NodeJS.ErrnoException).code === 'ENOSPC') throw new AppError('INTERNAL', 'There is not enough disk space to unpack this backup. Nothing was changed.');
    throw new InvalidBackupError(DAMAGED_MESSAGE);
  }
  return { manifestBytes, signature, entries };
}

/** The manifest of an archive, read from its first entry only (cheap: the rest is never unpacked). */
export async function readManifestText(archive: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const source = fs.createReadStream(archive);
    const gunzip = zlib.createGunzip();
    const extract = tar.extract();
    let settled = false;
    const done = (value: string | undefined) => {
      if (settled) return;
      settled = true;
      resolve(value);
      source.destroy();
      gunzip.destroy();
      extract.destroy();
    };
    extract.on('entry', (header, stream) => {
      if (header.name.replace(/^\.\//, '') !== MANIFEST_ENTRY || header.size === undefined || header.size > MAX_MANIFEST_BYTES) return done(undefined);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
      stream.on('error', () => done(undefined));
    });
    extract.on('finish', () => done(undefined));
    source.on('error', () => done(undefined));
    gunzip.on('error', () => done(undefined));
    extract.on('error', () => done(undefined));
    source.pipe(gunzip).pipe(extract);
  });
}
