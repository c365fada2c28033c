import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { BRAND_FILES, BRAND_MESSAGES, LOGO_MAX_BYTES, type BrandFile, type PublicBrand } from '@academy/shared/schemas/brand';
import { thisAcademy, type Db, type DbExecutor } from '../../db/client';
import { academySettings, type StoredBrand } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { FileStorage } from '../../lib/storage';
import { diffChanges, recordAudit, type AuditActor } from '../audit';
import { getAcademySettings } from '../../academy-settings';

/**
 * The academy's own brand (issue 78, decision 080): its logo is checked by its content (PNG, JPEG or
 * SVG, never by the name or the type the browser sent), drawn by sharp into every picture the site, the
 * home screens and the papers need, and those pictures are stored as the academy's files (the storage
 * keeps them under files/<academy_id>/, so one academy's key never opens another's). A new logo makes
 * new files with a new version in their addresses; the old files are removed once the change is saved.
 */

/** How each picture is drawn from the logo: its square size and how much of it the logo may take. */
const ICONS: Record<Exclude<BrandFile, 'logo'>, { size: number; box: number; background: 'white' | 'clear' }> = {
  favicon: { size: 48, box: 1, background: 'clear' },
  // iOS fills a clear corner with black and rounds the corners itself: white, a little margin.
  'apple-touch-icon': { size: 180, box: 0.8, background: 'white' },
  'icon-192': { size: 192, box: 0.84, background: 'white' },
  'icon-512': { size: 512, box: 0.84, background: 'white' },
  // A maskable icon is cut to any shape inside the circle of 80% of its width (the safe zone): the logo
  // stays inside a square of 56% (its corners on that circle), on a background that fills the whole icon.
  'icon-maskable-192': { size: 192, box: 0.56, background: 'white' },
  'icon-maskable-512': { size: 512, box: 0.56, background: 'white' },
};

/** The largest logo drawn on paper (points ≈ pixels at 72 dpi, kept twice as sharp). */
const HEADER_LOGO = { width: 360, height: 120 };
/** No picture bomb: a logo wider or taller than this many pixels in total is refused before it is drawn. */
const MAX_INPUT_PIXELS = 40_000_000;

type LogoKind = 'png' | 'jpeg' | 'svg';

/** The file's kind by its first bytes, not by its name or declared type. */
export function logoKindOf(bytes: Buffer): LogoKind | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  // SVG is text: an optional byte-order mark, XML declaration and comments, then the <svg element.
  const head = bytes.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '');
  if (/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head)) return 'svg';
  return undefined;
}

/**
 * An SVG may point at other files or addresses (an <image href="file:…">, an entity): such a logo is
 * refused, so drawing it reads nothing but its own bytes.
 */
function svgIsSelfContained(text: string): boolean {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return false;
  for (const match of text.matchAll(/(?:xlink:)?href\s*=\s*["']([^"']*)["']/gi)) {
    const target = match[1]!.trim();
    if (!target.startsWith('#') && !/^data:image\/(png|jpeg);base64,/i.test(target)) return false;
  }
  return !/url\(\s*['"]?(?!#)[^)]/i.test(text.replace(/url\(\s*['"]?data:image\/(png|jpeg);base64,[^)]*\)/gi, ''));
}

export type BrandPictures = { version: string; files: Record<BrandFile, Buffer>; headerLogo: Buffer };

/** Draws every picture of the brand from an uploaded logo; a file that is not a usable picture is a 400. */
export async function drawBrandPictures(upload: Buffer): Promise<BrandPictures> {
  const { default: sharp } = await import('sharp');
  if (upload.length === 0) throw new AppError('BAD_REQUEST', BRAND_MESSAGES.logoEmpty, { logo: BRAND_MESSAGES.logoEmpty });
  if (upload.length > LOGO_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', BRAND_MESSAGES.logoTooLarge, { logo: BRAND_MESSAGES.logoTooLarge });
  const kind = logoKindOf(upload);
  if (!kind) throw new AppError('BAD_REQUEST', BRAND_MESSAGES.logoType, { logo: BRAND_MESSAGES.logoType });
  if (kind === 'svg' && !svgIsSelfContained(upload.toString('utf8'))) throw new AppError('BAD_REQUEST', BRAND_MESSAGES.logoUnreadable, { logo: BRAND_MESSAGES.logoUnreadable });

  const unreadable = () => new AppError('BAD_REQUEST', BRAND_MESSAGES.logoUnreadable, { logo: BRAND_MESSAGES.logoUnreadable });
  let logo: Buffer;
  try {
    const metadata = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    // The content must be what its first bytes said (a PNG header on something else is not a PNG).
    if (metadata.format !== kind || !metadata.width || !metadata.height) throw unreadable();
    if (Math.max(metadata.width, metadata.height) < 64) throw new AppError('BAD_REQUEST', BRAND_MESSAGES.logoTooSmall, { logo: BRAND_MESSAGES.logoTooSmall });
    // An SVG is drawn large enough for the 512-pixel icons, however small its own size says it is.
    const density = kind === 'svg' ? Math.min(2400, Math.max(72, Math.ceil((72 * 1024) / Math.max(metadata.width, metadata.height)))) : undefined;
    logo = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, ...(density ? { density } : {}) })
      .rotate()
      .resize(1024, 1024, { fit: 'inside', withoutEnlargement: kind !== 'svg' })
      .png()
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  }

  const clear = { r: 0, g: 0, b: 0, alpha: 0 };
  const files = {} as Record<BrandFile, Buffer>;
  files.logo = await sharp(logo).resize(512, 512, { fit: 'inside', withoutEnlargement: true }).png({ compressionLevel: 9 }).toBuffer();
  for (const [name, icon] of Object.entries(ICONS) as [Exclude<BrandFile, 'logo'>, (typeof ICONS)[keyof typeof ICONS]][]) {
    const box = Math.round(icon.size * icon.box);
    const inner = await sharp(logo).resize(box, box, { fit: 'contain', background: clear }).png().toBuffer();
    files[name] = await sharp({ create: { width: icon.size, height: icon.size, channels: 4, background: icon.background === 'white' ? { r: 255, g: 255, b: 255, alpha: 1 } : clear } })
      .composite([{ input: inner, gravity: 'centre' }])
      .png({ compressionLevel: 9 })
      .toBuffer();
  }
  const headerLogo = await sharp(logo)
    .resize(HEADER_LOGO.width, HEADER_LOGO.height, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const version = createHash('sha256').update(files.logo).digest('hex').slice(0, 16);
  return { version, files, headerLogo };
}

type StoredBrandRow = StoredBrand & { headerLogo?: string };

async function readStoredBrand(db: DbExecutor, lock = false): Promise<StoredBrandRow> {
  const query = db.select({ brand: academySettings.brand }).from(academySettings).where(thisAcademy(academySettings));
  const [row] = lock ? await query.for('update') : await query;
  return (row?.brand ?? {}) as StoredBrandRow;
}

export type BrandChange = { colour: string; shortName: string; logo?: Buffer; removeLogo?: boolean };

/**
 * Saves the colour and the name under the icon, and a new logo's pictures (or none: `removeLogo`),
 * audited with what changed. The pictures are written before the transaction; if it fails they are
 * removed again, and once it commits the previous logo's pictures go.
 */
export async function saveBrand(db: Db, storage: FileStorage, actor: AuditActor, change: BrandChange): Promise<PublicBrand> {
  const pictures = change.logo ? await drawBrandPictures(change.logo) : undefined;
  const written: string[] = [];
  try {
    const keys: Partial<Record<BrandFile, string>> = {};
    if (pictures) {
      for (const name of BRAND_FILES) {
        const stored = await storage.save(Readable.from([pictures.files[name]]), { maxBytes: LOGO_MAX_BYTES * 4, extension: '.png' });
        written.push(stored.key);
        keys[name] = stored.key;
      }
    }
    const { previous } = await db.transaction(async (tx) => {
      const before = await readStoredBrand(tx, true);
      const next: StoredBrandRow = { colour: change.colour, shortName: change.shortName };
      if (pictures) Object.assign(next, { logo: { version: pictures.version, files: keys }, headerLogo: pictures.headerLogo.toString('base64') });
      else if (!change.removeLogo && before.logo) Object.assign(next, { logo: before.logo, headerLogo: before.headerLogo });
      await tx.update(academySettings).set({ brand: next, updatedAt: sql`now()` });
      await recordAudit(tx, actor, {
        action: 'settings.update',
        entityType: 'settings',
        entityId: null,
        text: { key: 'settings.brand' },
        changes:
          diffChanges(
            { colour: before.colour ?? null, shortName: before.shortName ?? null, logo: before.logo?.version ?? null },
            { colour: next.colour ?? null, shortName: next.shortName ?? null, logo: next.logo?.version ?? null },
          ) ?? {},
      });
      return { previous: before };
    });
    const kept = new Set(written);
    if (pictures || change.removeLogo) {
      for (const key of Object.values(previous.logo?.files ?? {})) if (!kept.has(key)) await storage.remove(key).catch(() => {});
    }
  } catch (error) {
    for (const key of written) await storage.remove(key).catch(() => {});
    throw error;
  }
  return (await getAcademySettings(db)).brand;
}

/** One of the brand's pictures of the academy asking (none without a logo: 404). */
export async function brandPicture(db: DbExecutor, storage: FileStorage, name: string): Promise<{ stream: Readable; etag: string }> {
  if (!(BRAND_FILES as readonly string[]).includes(name)) throw new AppError('NOT_FOUND');
  const brand = await readStoredBrand(db);
  const key = brand.logo?.files[name as BrandFile];
  if (!brand.logo || !key || !(await storage.exists(key))) throw new AppError('NOT_FOUND');
  return { stream: storage.read(key), etag: `"${brand.logo.version}-${name}"` };
}
