import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TwaManifest } from '@bubblewrap/core';
import { DEFAULT_BRAND_COLOUR, LOGO_MAX_BYTES } from '@academy/shared/schemas/brand';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { buildAcademies, buildStudent, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { multipart, type MultipartField } from '../../../test/multipart';
import { academies, academyDomains, academySettings } from '../../db/schema';
import { academyHeaderLogo, getAcademySettings } from '../../academy-settings';
import { FIRST_ACADEMY_ID, withAcademy, withoutAcademy } from '../../lib/tenancy';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEST_SERVER_KEYS } from '../../../test/build-test-app';
import { receiptPdfIn } from '../fees/receipt-mail';
import { reportCardPdf } from '../exams/report-card';
import { payLinkToken } from '../fees/pay-link';
import { omrSheetPdf } from '../exams/omr-sheet';
import type { PrintableReceipt } from '../fees/payments.service';

/**
 * The academy's own brand and its own Play Store app (issue 78), with two academies on one deployment:
 * alpha (alpha.localhost, and its own domain www.alpha-classes.in) and main (main.localhost).
 */
const MANY = { mode: 'many', baseDomain: 'localhost' } as const;
const ALPHA = 'alpha.localhost';
const MAIN = 'main.localhost';
const FINGERPRINT = Array.from({ length: 32 }, (_, i) => (i * 7 + 16).toString(16).toUpperCase().padStart(2, '0').slice(-2)).join(':');
const OTHER_FINGERPRINT = Array.from({ length: 32 }, () => 'ab').join(':');

let t: TestApp;
let n = 0;
const people: Record<string, { host: string; email: string; cookie: string }> = {};
const remote = () => `10.78.${Math.floor(n / 200)}.${(n++ % 200) + 1}`;

async function signIn(host: string, email: string): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { host }, remoteAddress: remote(), payload: { email, password: TEST_PASSWORD } });
  if (response.statusCode !== 200) throw new Error(`login ${email}: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'academy_session')!;
  return `${cookie.name}=${cookie.value}`;
}

const get = (host: string, url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: { host, ...(cookie ? { cookie } : {}) }, remoteAddress: remote() });
const putBrand = (who: string, fields: Record<string, MultipartField>) => {
  const form = multipart(fields);
  return t.app.inject({ method: 'PUT', url: '/api/admin/settings/brand', headers: { host: people[who]!.host, cookie: people[who]!.cookie, ...form.headers }, remoteAddress: remote(), payload: form.payload });
};
const putApp = (who: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/settings/app', headers: { host: people[who]!.host, cookie: people[who]!.cookie }, remoteAddress: remote(), payload });

const png = (width: number, height: number, colour = '#d9480f') => sharp({ create: { width, height, channels: 4, background: colour } }).png().toBuffer();
const logoFile = (content: Buffer, filename = 'logo.png', contentType = 'image/png') => ({ filename, content, contentType });
const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40" viewBox="0 0 100 40"><rect width="100" height="40" fill="#2b8a3e"/><circle cx="20" cy="20" r="12" fill="#fff"/></svg>');

beforeAll(async () => {
  t = await buildTestApp({ config: { hosting: MANY, publicUrl: 'http://localhost:3201' } });
  const db = t.database.db;
  const [made] = await buildAcademies(db, { slug: 'alpha', name: 'Alpha Classes', city: 'Latur' });
  const alpha = made!.id;
  await withoutAcademy(() => db.insert(academyDomains).values({ academyId: alpha, domain: 'www.alpha-classes.in', verificationToken: 'alpha-brand-proof', verifiedAt: new Date() }));
  for (const [key, academyId, host] of [['alpha', alpha, ALPHA], ['main', FIRST_ACADEMY_ID, MAIN]] as const) {
    await withAcademy(academyId, async () => {
      await getAcademySettings(db);
      await db.update(academySettings).set({ name: key === 'alpha' ? 'Alpha Classes, Latur' : 'Main Demo Academy' });
      for (const role of ['admin', 'teacher', 'student', 'parent'] as const) {
        const user = await buildUser(db, { role });
        people[`${key}-${role}`] = { host, email: user.email, cookie: '' };
      }
    });
  }
  for (const person of Object.values(people)) person.cookie = await signIn(person.host, person.email);
});
afterAll(() => t?.close());

describe('the brand (PUT /api/admin/settings/brand)', () => {
  it('starts with today’s colour, no logo and a short name from the academy’s name', async () => {
    const answer = await get(MAIN, '/api/settings/public');
    expect(answer.json().data.brand).toEqual({ colour: DEFAULT_BRAND_COLOUR, logoUrl: null, shortName: 'Main' });
    const manifest = (await get(MAIN, '/manifest.webmanifest')).json();
    expect(manifest.theme_color).toBe(DEFAULT_BRAND_COLOUR);
    expect(manifest.icons.map((icon: { src: string }) => icon.src)).toEqual(['/icon-192.png', '/icon-512.png', '/icon-maskable-512.png', '/apple-touch-icon.png']);
  });

  it('saves a PNG logo, colour and short name; the public settings, the manifest and every picture follow, audited', async () => {
    const response = await putBrand('alpha-admin', { colour: '#0B7285', shortName: 'Alpha', logo: logoFile(await png(800, 300)) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: 'Brand saved', data: { colour: '#0b7285', shortName: 'Alpha', logoUrl: expect.stringMatching(/^\/api\/public\/brand\/logo\.png\?v=[0-9a-f]{16}$/) } });

    const brand = (await get(ALPHA, '/api/settings/public')).json().data.brand;
    expect(brand.colour).toBe('#0b7285');
    // The academy's own domain is the same academy.
    expect((await get('www.alpha-classes.in', '/api/settings/public')).json().data.brand).toEqual(brand);

    const manifest = (await get(ALPHA, '/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: 'Alpha Classes, Latur', short_name: 'Alpha', theme_color: '#0b7285' });
    const sizes: Record<string, number> = { 'icon-192': 192, 'icon-512': 512, 'icon-maskable-192': 192, 'icon-maskable-512': 512, 'apple-touch-icon': 180 };
    expect(manifest.icons.filter((icon: { purpose: string }) => icon.purpose === 'maskable')).toHaveLength(2);
    for (const icon of manifest.icons as { src: string; sizes: string; purpose: string }[]) {
      const picture = await get(ALPHA, icon.src);
      expect(picture.statusCode, icon.src).toBe(200);
      expect(picture.headers['content-type']).toBe('image/png');
      const { width, height, format } = await sharp(picture.rawPayload).metadata();
      expect({ format, size: `${width}x${height}` }, icon.src).toEqual({ format: 'png', size: icon.sizes });
      expect(sizes[/brand\/([a-z0-9-]+)\.png/.exec(icon.src)![1]!]).toBe(width);
    }
    // A maskable icon keeps the logo inside the safe zone (the circle of 80%): its corners are background.
    const maskable = await get(ALPHA, manifest.icons.find((icon: { purpose: string; sizes: string }) => icon.purpose === 'maskable' && icon.sizes === '512x512').src);
    const { data } = await sharp(maskable.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 512 + x) * 4, (y * 512 + x) * 4 + 3)];
    expect(pixel(256, 256)).toEqual([0xd9, 0x48, 0x0f]);
    expect(pixel(256, 60)).toEqual([255, 255, 255]);
    expect(pixel(60, 256)).toEqual([255, 255, 255]);
    const favicon = await get(ALPHA, brand.logoUrl.replace('logo.png', 'favicon.png'));
    expect((await sharp(favicon.rawPayload).metadata()).width).toBe(48);
    const logo = await get(ALPHA, brand.logoUrl);
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({ width: 512, height: 192 });

    const { rows } = await withAcademy(FIRST_ACADEMY_ID, () => t.database.db.execute(sql`select 1 from audit_log where summary like 'Updated the brand%'`));
    expect(rows).toHaveLength(0);
    const alphaId = (await withoutAcademy(() => t.database.db.select({ id: academies.id }).from(academies).where(sql`slug = 'alpha'`)))[0]!.id;
    const audit = await withAcademy(alphaId, () => t.database.db.execute<{ changes: Record<string, unknown> }>(sql`select changes from audit_log where summary like 'Updated the brand%'`));
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.changes).toMatchObject({ colour: { old: null, new: '#0b7285' }, shortName: { old: null, new: 'Alpha' } });
  });

  it('never shows one academy’s logo or colour at another’s address', async () => {
    const main = (await get(MAIN, '/api/settings/public')).json().data.brand;
    expect(main).toEqual({ colour: DEFAULT_BRAND_COLOUR, logoUrl: null, shortName: 'Main' });
    const alpha = (await get(ALPHA, '/api/settings/public')).json().data.brand;
    // Alpha's picture address asked at main's host: main has no logo.
    expect((await get(MAIN, alpha.logoUrl)).statusCode).toBe(404);
    expect((await get(MAIN, '/manifest.webmanifest')).json().theme_color).toBe(DEFAULT_BRAND_COLOUR);
    // Main's own SVG logo and colour: each its own.
    const saved = await putBrand('main-admin', { colour: '#5f3dc4', shortName: 'Main Demo', logo: logoFile(SVG, 'logo.svg', 'image/svg+xml') });
    expect(saved.statusCode, saved.body).toBe(200);
    const mainBrand = saved.json().data;
    expect(mainBrand.logoUrl).not.toBe(alpha.logoUrl);
    expect((await get(ALPHA, '/api/settings/public')).json().data.brand).toEqual(alpha);
    // An SVG is drawn large enough for the big icons.
    const big = await get(MAIN, mainBrand.logoUrl.replace('logo.png', 'icon-512.png'));
    expect((await sharp(big.rawPayload).metadata()).width).toBe(512);
    const mainLogo = await sharp((await get(MAIN, mainBrand.logoUrl)).rawPayload).metadata();
    expect(mainLogo.width).toBe(512);
  });

  it('keeps the logo when only the colour changes, removes it on request, and its old pictures go', async () => {
    const before = (await get(ALPHA, '/api/settings/public')).json().data.brand;
    const recoloured = await putBrand('alpha-admin', { colour: '#c92a2a', shortName: 'Alpha' });
    expect(recoloured.json().data).toEqual({ ...before, colour: '#c92a2a' });
    const again = await putBrand('alpha-admin', { colour: '#c92a2a', shortName: 'Alpha', logo: logoFile(await png(400, 400, '#087f5b')) });
    const after = again.json().data;
    expect(after.logoUrl).not.toBe(before.logoUrl);
    // The old version's address now answers the new picture's tag (one logo per academy).
    expect((await get(ALPHA, after.logoUrl)).headers.etag).toContain(after.logoUrl.split('v=')[1]);
    const removed = await putBrand('alpha-admin', { colour: '#c92a2a', shortName: 'Alpha', removeLogo: 'true' });
    expect(removed.json().data.logoUrl).toBeNull();
    expect((await get(ALPHA, after.logoUrl)).statusCode).toBe(404);
    expect((await get(ALPHA, '/manifest.webmanifest')).json().icons[0].src).toBe('/icon-192.png');
    // Put back for the later tests.
    expect((await putBrand('alpha-admin', { colour: '#0b7285', shortName: 'Alpha', logo: logoFile(await png(800, 300)) })).statusCode).toBe(200);
  });

  it('refuses bad input with a clear message, and changes nothing', async () => {
    const before = (await get(ALPHA, '/api/settings/public')).json().data.brand;
    const cases: [Record<string, MultipartField>, number, string, RegExp][] = [
      [{ colour: 'blue', shortName: 'Alpha' }, 400, 'colour', /# and six hex digits/],
      [{ colour: '#12345', shortName: 'Alpha' }, 400, 'colour', /# and six hex digits/],
      [{ colour: '#ffd43b', shortName: 'Alpha' }, 400, 'colour', /too light for white text .*contrast 1\.\d:1, at least 4\.5:1.*such as #[0-9a-f]{6}/],
      [{ colour: '#0b7285', shortName: 'Alpha Classes Latur' }, 400, 'shortName', /at most 12 characters/],
      [{ colour: '#0b7285', shortName: '  ' }, 400, 'shortName', /name to show under the app icon/],
      [{ colour: '#0b7285', shortName: 'Alpha', logo: logoFile(Buffer.from('GIF89a-not-allowed-here'), 'logo.png') }, 400, 'logo', /PNG, JPEG or SVG/],
      [{ colour: '#0b7285', shortName: 'Alpha', logo: logoFile(Buffer.from('%PDF-1.7 a document'), 'logo.pdf', 'application/pdf') }, 400, 'logo', /PNG, JPEG or SVG/],
      // A PNG's first bytes on something that is not a picture.
      [{ colour: '#0b7285', shortName: 'Alpha', logo: logoFile(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)])) }, 400, 'logo', /could not be read/],
      [{ colour: '#0b7285', shortName: 'Alpha', logo: logoFile(await png(20, 20)) }, 400, 'logo', /too small/],
      [{ colour: '#0b7285', shortName: 'Alpha', logo: logoFile(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><image href="file:///etc/passwd" width="100" height="100"/></svg>'), 'x.svg', 'image/svg+xml') }, 400, 'logo', /could not be read/],
      [{ colour: '#0b7285', shortName: 'Alpha', logo: logoFile(Buffer.alloc(0)) }, 400, 'logo', /empty/],
      [{ colour: '#0b7285', shortName: 'Alpha', logo: logoFile(Buffer.concat([await png(100, 100), Buffer.alloc(LOGO_MAX_BYTES)])) }, 413, 'logo', /too large/],
    ];
    for (const [fields, status, field, message] of cases) {
      const response = await putBrand('alpha-admin', fields);
      expect(response.statusCode, JSON.stringify(fields.colour) + field).toBe(status);
      expect(response.json().success).toBe(false);
      expect(response.json().errors?.[field] ?? response.json().message, field).toMatch(message);
    }
    // Not a form at all.
    const json = await t.app.inject({ method: 'PUT', url: '/api/admin/settings/brand', headers: { host: ALPHA, cookie: people['alpha-admin']!.cookie }, remoteAddress: remote(), payload: { colour: '#0b7285', shortName: 'A' } });
    expect(json.statusCode).toBe(400);
    expect((await get(ALPHA, '/api/settings/public')).json().data.brand).toEqual(before);
  });

  it('is the admin’s only: others 403, no session 401, another academy’s admin meets only their own academy', async () => {
    for (const who of ['alpha-teacher', 'alpha-student', 'alpha-parent']) expect((await putBrand(who, { colour: '#000000', shortName: 'X' })).statusCode, who).toBe(403);
    const form = multipart({ colour: '#000000', shortName: 'X' });
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/settings/brand', headers: { host: ALPHA, ...form.headers }, remoteAddress: remote(), payload: form.payload })).statusCode).toBe(401);
    // Main's admin's cookie at alpha's host: not a session there.
    const cross = await t.app.inject({ method: 'PUT', url: '/api/admin/settings/brand', headers: { host: ALPHA, cookie: people['main-admin']!.cookie, ...form.headers }, remoteAddress: remote(), payload: form.payload });
    expect(cross.statusCode).toBe(401);
    expect((await get(ALPHA, '/api/settings/public')).json().data.brand.colour).toBe('#0b7285');
  });
});

describe('the papers', () => {
  it('carry each academy’s own logo in the shared header (the sign-in slip, as receipts, fee slips, payslips and report cards)', async () => {
    const widths: Record<string, number> = {};
    const pdfs: Record<string, string> = {};
    for (const [key, host] of [['alpha', ALPHA], ['main', MAIN]] as const) {
      const academyId = key === 'alpha' ? (await withoutAcademy(() => t.database.db.select({ id: academies.id }).from(academies).where(sql`slug = 'alpha'`)))[0]!.id : FIRST_ACADEMY_ID;
      const { student, logo } = await withAcademy(academyId, async () => ({ student: await buildStudent(t.database.db), logo: await academyHeaderLogo(t.database.db) }));
      widths[key] = (await sharp(logo!).metadata()).width!;
      const response = await t.app.inject({ method: 'POST', url: `/api/students/${student.id}/sign-in-slip`, headers: { host, cookie: people[`${key}-admin`]!.cookie }, remoteAddress: remote(), payload: { password: 'brand-papers-78-slip' } });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      pdfs[key] = response.rawPayload.toString('latin1');
    }
    expect(widths.alpha).not.toBe(widths.main);
    expect(pdfs.alpha).toMatch(/\/Subtype \/Image/);
    expect(pdfs.alpha).toContain(`/Width ${widths.alpha}`);
    expect(pdfs.alpha).not.toContain(`/Width ${widths.main}`);
    expect(pdfs.main).toContain(`/Width ${widths.main}`);
    expect(pdfs.main).not.toContain(`/Width ${widths.alpha}`);
  });
});

/** The pictures a PDF carries (poppler's pdfimages): each one's size and its mean red, green and blue. */
async function imagesOf(pdf: Buffer): Promise<{ width: number; height: number; r: number; g: number; b: number }[]> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'brand-pdf-'));
  try {
    fs.writeFileSync(path.join(folder, 'in.pdf'), pdf);
    execFileSync('pdfimages', ['-png', path.join(folder, 'in.pdf'), path.join(folder, 'img')]);
    const files = fs.readdirSync(folder).filter((name) => name.endsWith('.png')).sort();
    return await Promise.all(
      files.map(async (name) => {
        const picture = sharp(path.join(folder, name));
        const [{ width, height }, stats] = await Promise.all([picture.metadata(), picture.stats()]);
        const [r, g, b] = stats.channels.map((channel) => channel.mean);
        return { width: width!, height: height!, r: r!, g: g!, b: b! };
      }),
    );
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

const idOf = async (key: 'alpha' | 'main') =>
  key === 'alpha' ? (await withoutAcademy(() => t.database.db.select({ id: academies.id }).from(academies).where(sql`slug = 'alpha'`)))[0]!.id : FIRST_ACADEMY_ID;

describe('two academies, each only its own brand (issue 78, done when)', () => {
  // By now alpha has an orange PNG logo (#d9480f, 800 × 300) and the colour #0b7285; main a green SVG
  // logo (#2b8a3e) and #5f3dc4.
  const receipt = (studentId: string, name: string): PrintableReceipt => ({
    _id: '11111111-2222-4333-8444-555555555555',
    number: 'R-2026-27-0007',
    date: '2026-11-28',
    amount: 1500,
    mode: 'cash',
    reference: null,
    note: null,
    student: { _id: studentId, name },
    allocations: [],
    balanceAfter: 0,
    cancelled: null,
    tax: null,
    creditNote: null,
    settlesInvoices: [],
    createdAt: '2026-11-28T10:00:00.000Z',
    batches: [],
  });

  it('the receipt PDF and the report card carry its own logo (never the other’s)', async () => {
    const seen: Record<string, { width: number; height: number; r: number; g: number; b: number }[]> = {};
    for (const key of ['alpha', 'main'] as const) {
      const pdfs = await withAcademy(await idOf(key), async () => {
        const student = await buildStudent(t.database.db);
        const logo = await academyHeaderLogo(t.database.db);
        const receiptPdf = await receiptPdfIn(t.database.db, receipt(student.id, 'Asha Patil'), 'mr');
        const card = await reportCardPdf(t.database.db, student.id, { from: '2026-06-01', to: '2026-11-30' }, 'en');
        return { logo: (await sharp(logo!).metadata()).width!, receiptPdf, card: card.pdf };
      });
      for (const [name, pdf] of [['receipt', pdfs.receiptPdf], ['card', pdfs.card]] as const) {
        const images = await imagesOf(pdf);
        expect(images, `${key} ${name}`).toHaveLength(1);
        expect(images[0]!.width, `${key} ${name}`).toBe(pdfs.logo);
        seen[`${key}-${name}`] = images;
      }
    }
    // Alpha's pictures are orange (red above green), main's green: never the other's.
    for (const name of ['receipt', 'card']) {
      const [alpha] = seen[`alpha-${name}`]!;
      const [main] = seen[`main-${name}`]!;
      expect(alpha!.r, name).toBeGreaterThan(alpha!.g);
      expect(main!.g, name).toBeGreaterThan(main!.r);
      expect(alpha!.width === main!.width && alpha!.height === main!.height, name).toBe(false);
    }
  });

  it('the pay link’s page shows its own logo and colour', async () => {
    const pages: Record<string, string> = {};
    const brands: Record<string, { colour: string; logoUrl: string }> = {};
    for (const [key, host] of [['alpha', ALPHA], ['main', MAIN]] as const) {
      const student = await withAcademy(await idOf(key), () => buildStudent(t.database.db));
      brands[key] = (await get(host, '/api/settings/public')).json().data.brand;
      const page = await get(host, `/mr/pay/${payLinkToken(TEST_SERVER_KEYS.key('pay-links'), student.id)}`);
      expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
      pages[key] = page.body;
      // A link that does not work is the academy's too.
      expect((await get(host, '/pay/not-a-token')).body).toContain(`--accent:${brands[key]!.colour}`);
    }
    expect(pages.alpha).toContain(`<img src="${brands.alpha!.logoUrl.replace(/&/g, '&amp;')}"`);
    expect(pages.alpha).toContain(`--accent:${brands.alpha!.colour}`);
    expect(pages.alpha).toContain(`<meta name="theme-color" content="${brands.alpha!.colour}">`);
    expect(pages.alpha).not.toContain(brands.main!.logoUrl);
    expect(pages.alpha).not.toContain(brands.main!.colour);
    expect(pages.main).toContain(brands.main!.logoUrl);
    expect(pages.main).toContain(`--accent:${brands.main!.colour}`);
    expect(pages.main).not.toContain(brands.alpha!.logoUrl);
  });

  it('mails carry its own logo (an absolute address at its own host) and colour', async () => {
    for (const [key, host, other] of [['alpha', ALPHA, MAIN], ['main', MAIN, ALPHA]] as const) {
      const brand = (await get(host, '/api/settings/public')).json().data.brand;
      const otherBrand = (await get(other, '/api/settings/public')).json().data.brand;
      const email = people[`${key}-teacher`]!.email;
      const asked = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers: { host }, remoteAddress: remote(), payload: { email } });
      expect(asked.statusCode, asked.body).toBeLessThan(300);
      const mail = (await t.mailsTo(email)).at(-1)!;
      expect(mail.html).toContain(`<img src="http://${host}:3201${brand.logoUrl.replace(/&/g, '&amp;')}"`);
      expect(mail.html).toContain(`background:${brand.colour};color:#ffffff`);
      expect(mail.html).toContain(`color:${brand.colour}">`);
      expect(mail.html).not.toContain(otherBrand.logoUrl);
      expect(mail.html).not.toContain(otherBrand.colour);
    }
  });

  it('the share card of its pages is in its colour with its logo', async () => {
    const pixel = async (png: Buffer, x: number, y: number) => {
      const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const i = (y * info.width + x) * 3;
      return `#${[data[i]!, data[i + 1]!, data[i + 2]!].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    };
    const cards: Record<string, Buffer> = {};
    for (const [key, host] of [['alpha', ALPHA], ['main', MAIN]] as const) {
      const brand = (await get(host, '/api/settings/public')).json().data.brand;
      const card = await get(host, '/api/public/share-image/home.png?lang=mr');
      expect(card.statusCode, card.body.slice(0, 200)).toBe(200);
      cards[key] = card.rawPayload;
      // The band (top left) in its colour; the logo's tile at the band's right is white around the logo.
      expect(await pixel(card.rawPayload, 10, 10), key).toBe(brand.colour);
      expect(await pixel(card.rawPayload, 1200 - 64 - 316 + 3, 60), key).toBe('#ffffff');
    }
    // The logos differ: alpha's orange, main's green, near the tile's middle.
    const middle = { x: 1200 - 64 - 158, y: 60 };
    const [alpha, main] = [await pixel(cards.alpha!, middle.x, middle.y), await pixel(cards.main!, middle.x, middle.y)];
    expect(alpha).not.toBe(main);
    expect(Number.parseInt(alpha.slice(1, 3), 16)).toBeGreaterThan(Number.parseInt(alpha.slice(3, 5), 16));
    expect(Number.parseInt(main.slice(3, 5), 16)).toBeGreaterThan(Number.parseInt(main.slice(1, 3), 16));
  });

  it('the OMR sheet and its reader: the logo stays in the header’s box (the reader test reads sheets with a black logo)', async () => {
    const logo = await withAcademy(await idOf('alpha'), () => academyHeaderLogo(t.database.db));
    const pdf = await omrSheetPdf({ academyName: 'Alpha Classes', academyLogo: logo, academyColour: '#0b7285', testId: '11111111-2222-4333-8444-555555555555', testName: 'Weekly', date: '2026-11-28', language: 'hi', shape: { pattern: 'custom', questions: 20, options: 4 }, students: null });
    const images = await imagesOf(pdf);
    expect(images).toHaveLength(1);
    expect(images[0]!.r).toBeGreaterThan(images[0]!.g);
  });
});

describe('the academy’s own app', () => {
  it('answers [] at /.well-known/assetlinks.json until an app is set', async () => {
    const answer = await get(ALPHA, '/.well-known/assetlinks.json');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json()).toEqual([]);
    expect((await get(ALPHA, '/api/admin/settings/app/twa-manifest.json', people['alpha-admin']!.cookie)).statusCode).toBe(409);
  });

  it('saves the package name and fingerprints (audited) and serves the Digital Asset Links statement at the academy’s addresses only', async () => {
    const saved = await putApp('alpha-admin', { packageName: 'in.alphaclasses.app', fingerprints: [FINGERPRINT.toLowerCase(), ` ${OTHER_FINGERPRINT} `] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'App settings saved', data: { packageName: 'in.alphaclasses.app', fingerprints: [FINGERPRINT, OTHER_FINGERPRINT.toUpperCase()], assetLinksUrl: 'http://alpha.localhost:3201/.well-known/assetlinks.json' } });
    const statement = [
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: { namespace: 'android_app', package_name: 'in.alphaclasses.app', sha256_cert_fingerprints: [FINGERPRINT, OTHER_FINGERPRINT.toUpperCase()] },
      },
    ];
    expect((await get(ALPHA, '/.well-known/assetlinks.json')).json()).toEqual(statement);
    expect((await get('www.alpha-classes.in', '/.well-known/assetlinks.json')).json()).toEqual(statement);
    // Another academy, and the platform's own address: none of alpha's.
    expect((await get(MAIN, '/.well-known/assetlinks.json')).json()).toEqual([]);
    expect((await get('localhost:3201', '/.well-known/assetlinks.json')).json()).toEqual([]);
    expect((await get(ALPHA, '/api/admin/settings/app', people['alpha-admin']!.cookie)).json().data.packageName).toBe('in.alphaclasses.app');
    expect((await get(MAIN, '/api/admin/settings/app', people['main-admin']!.cookie)).json().data.packageName).toBeNull();
  });

  it('gives a twa-manifest.json that Bubblewrap’s own validation accepts, with the academy’s name, colour, icons and address', async () => {
    const answer = await get(ALPHA, '/api/admin/settings/app/twa-manifest.json', people['alpha-admin']!.cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toContain('twa-manifest.json');
    const json = answer.json();
    const brand = (await get(ALPHA, '/api/settings/public')).json().data.brand;
    expect(json).toMatchObject({
      packageId: 'in.alphaclasses.app',
      host: 'alpha.localhost:3201',
      name: 'Alpha Classes, Latur',
      launcherName: 'Alpha',
      themeColor: '#0b7285',
      navigationColor: '#0b7285',
      backgroundColor: '#FFFFFF',
      enableNotifications: true,
      startUrl: '/',
      iconUrl: `http://alpha.localhost:3201${brand.logoUrl.replace('logo.png', 'icon-512.png')}`,
      maskableIconUrl: `http://alpha.localhost:3201${brand.logoUrl.replace('logo.png', 'icon-maskable-512.png')}`,
      webManifestUrl: 'http://alpha.localhost:3201/manifest.webmanifest',
      signingKey: { path: expect.any(String), alias: expect.any(String) },
      fallbackType: 'customtabs',
      display: 'standalone',
    });
    const manifest = new TwaManifest(json);
    expect(manifest.validate()).toBeNull();
    expect(manifest.packageId).toBe('in.alphaclasses.app');
    expect(manifest.themeColor.hex().toLowerCase()).toBe('#0b7285');
    expect(manifest.fingerprints.map((print) => print.value)).toEqual([FINGERPRINT, OTHER_FINGERPRINT.toUpperCase()]);
    // What Bubblewrap itself would draw from the web manifest agrees on the icons and colours.
    const fromWeb = TwaManifest.fromWebManifestJson(new URL('http://alpha.localhost:3201/manifest.webmanifest'), (await get(ALPHA, '/manifest.webmanifest')).json());
    expect(fromWeb.iconUrl).toBe(json.iconUrl);
    expect(fromWeb.maskableIconUrl).toBe(json.maskableIconUrl);
    expect(fromWeb.launcherName).toBe('Alpha');
    expect(fromWeb.themeColor.hex().toLowerCase()).toBe('#0b7285');
  });

  it('refuses a bad package name or fingerprint, and others than the admin', async () => {
    const bad: [object, string, RegExp][] = [
      [{ packageName: 'alphaclasses', fingerprints: [FINGERPRINT] }, 'packageName', /at least two parts/],
      [{ packageName: 'in.class.app', fingerprints: [FINGERPRINT] }, 'packageName', /Java keyword/],
      [{ packageName: 'in.1alpha.app', fingerprints: [FINGERPRINT] }, 'packageName', /starting with a letter/],
      [{ packageName: 'in.alpha-classes.app', fingerprints: [FINGERPRINT] }, 'packageName', /letters, digits and _/],
      [{ packageName: 'in.alpha.app', fingerprints: ['AB:CD'] }, 'fingerprints.0', /32 pairs of hex digits/],
      [{ packageName: 'in.alpha.app', fingerprints: [FINGERPRINT.replace(/:/g, '')] }, 'fingerprints.0', /32 pairs/],
      [{ packageName: 'in.alpha.app', fingerprints: [FINGERPRINT.replace('10', 'ZZ')] }, 'fingerprints.0', /32 pairs/],
      [{ packageName: 'in.alpha.app', fingerprints: [] }, 'fingerprints', /at least one SHA-256/],
      [{ packageName: 'in.alpha.app', fingerprints: [FINGERPRINT, FINGERPRINT, FINGERPRINT, FINGERPRINT, FINGERPRINT] }, 'fingerprints', /At most 4/],
    ];
    for (const [payload, field, message] of bad) {
      const response = await putApp('alpha-admin', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors[field], JSON.stringify(payload)).toMatch(message);
    }
    for (const who of ['alpha-teacher', 'alpha-student', 'alpha-parent']) {
      expect((await putApp(who, { packageName: 'in.evil.app', fingerprints: [FINGERPRINT] })).statusCode, who).toBe(403);
      expect((await get(ALPHA, '/api/admin/settings/app/twa-manifest.json', people[who]!.cookie)).statusCode, who).toBe(403);
    }
    expect((await get(ALPHA, '/.well-known/assetlinks.json')).json()[0].target.package_name).toBe('in.alphaclasses.app');
  });

  it('clears the app with a null package name: the statement is [] again', async () => {
    expect((await putApp('alpha-admin', { packageName: null, fingerprints: [] })).statusCode).toBe(200);
    expect((await get(ALPHA, '/.well-known/assetlinks.json')).json()).toEqual([]);
    // Set again, for whoever reads the database after.
    expect((await putApp('alpha-admin', { packageName: 'in.alphaclasses.app', fingerprints: [FINGERPRINT] })).statusCode).toBe(200);
  });
});
