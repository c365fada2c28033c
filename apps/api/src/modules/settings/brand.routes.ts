import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess } from '@academy/shared/schemas/api';
import { appSettingsInputSchema, appSettingsSchema, BRAND_MESSAGES, brandInputSchema, LOGO_MAX_BYTES, publicBrandSchema } from '@academy/shared/schemas/brand';
import { actorOf } from '../../access/http';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { refuseNulCharacter } from '../../lib/nul-character';
import { siteOrigin } from '../../lib/site-origin';
import type { FileStorage } from '../../lib/storage';
import { dataRoute } from '../../lib/route-replies';
import { brandPicture, saveBrand } from './brand.service';
import { assetLinksOf, getAppSettings, twaManifestOf, updateAppSettings } from './app-link.service';

const MULTIPART_ERRORS: Record<string, () => AppError> = {
  FST_REQ_FILE_TOO_LARGE: () => new AppError('PAYLOAD_TOO_LARGE', BRAND_MESSAGES.logoTooLarge, { logo: BRAND_MESSAGES.logoTooLarge }),
  FST_FILES_LIMIT: () => new AppError('BAD_REQUEST', 'Upload one logo at a time', { logo: 'Upload one logo at a time' }),
  FST_PARTS_LIMIT: () => new AppError('BAD_REQUEST', 'The form has too many fields'),
  FST_FIELDS_LIMIT: () => new AppError('BAD_REQUEST', 'The form has too many fields'),
  FST_PROTO_VIOLATION: () => new AppError('BAD_REQUEST', 'The form is not valid'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => new AppError('BAD_REQUEST', 'The form is not valid'),
};

/** The brand form: its text fields and its `logo` read whole (at most 2 MB, counted as it arrives). */
async function readBrandForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; logo?: Buffer }> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', 'Send the brand as a form (multipart/form-data) with colour, shortName and an optional logo');
  const fields: Record<string, string> = {};
  let logo: Buffer | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 6, fieldSize: 1_000, parts: 8, headerPairs: 50 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'logo') throw new AppError('BAD_REQUEST', 'Send the picture as the "logo" field', { logo: 'Send the picture as the "logo" field' });
        logo = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        refuseNulCharacter(part.value, part.fieldname);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const mapped = MULTIPART_ERRORS[(error as { code?: string }).code ?? ''];
    throw mapped ? mapped() : error;
  }
  return { fields, logo };
}

function parseFields<T extends z.ZodType>(schema: T, values: unknown): z.output<T> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.') || 'body'] ??= issue.message;
  throw new AppError('BAD_REQUEST', Object.values(errors)[0], errors);
}

/** Google's Digital Asset Links statement list. */
const assetLinksSchema = z.array(
  z.object({
    relation: z.array(z.string()),
    target: z.object({ namespace: z.literal('android_app'), package_name: z.string(), sha256_cert_fingerprints: z.array(z.string()) }),
  }),
);

const fileParamsSchema = z.object({ file: z.string().max(40) });

/**
 * The brand and the academy's own app (issue 78). Guards: access/settings.ts and access/public-site.ts.
 * Under /api: the brand form, the app form, the Bubblewrap configuration and the brand's pictures.
 */
export const brandRoutes: FastifyPluginAsyncZod<{ db: Db; storage: FileStorage; publicUrl: string | undefined }> = async (app, { db, storage, publicUrl }) => {
  // A multipart form: colour (#rrggbb, dark enough for white text), shortName (≤ 12), logo (PNG, JPEG or SVG).
  app.put('/admin/settings/brand', { schema: { tags: ['admin'], consumes: ['multipart/form-data'], response: { 200: apiSuccess(publicBrandSchema) } } }, async (request) => {
    const { fields, logo } = await readBrandForm(request);
    const input = parseFields(brandInputSchema, fields);
    const brand = await saveBrand(db, storage, actorOf(request), { colour: input.colour, shortName: input.shortName, logo, removeLogo: input.removeLogo === 'true' });
    return { success: true as const, message: BRAND_MESSAGES.saved, data: brand };
  });

  dataRoute(app, 'GET', '/admin/settings/app', { tags: ['admin'], response: { 200: apiSuccess(appSettingsSchema) } }, (request) => getAppSettings(db, siteOrigin(request, publicUrl)));

  dataRoute(
    app, 'PUT', '/admin/settings/app', { tags: ['admin'], body: appSettingsInputSchema, response: { 200: apiSuccess(appSettingsSchema) } },
    (request) => updateAppSettings(db, actorOf(request), request.body, siteOrigin(request, publicUrl)), BRAND_MESSAGES.appSaved,
  );

  // Bubblewrap's project configuration (its TwaManifestJson), downloaded as twa-manifest.json.
  app.get('/admin/settings/app/twa-manifest.json', { schema: { tags: ['admin'], response: { 200: z.record(z.string(), z.unknown()) } } }, async (request, reply) => {
    const manifest = await twaManifestOf(db, siteOrigin(request, publicUrl));
    reply.header('content-disposition', 'attachment; filename="twa-manifest.json"');
    return manifest;
  });

  // The logo's pictures (logo, favicon, apple-touch-icon, icons any and maskable): an address carries
  // the logo's version (?v=), so a new logo is a new address and a kept picture may be kept a day.
  app.get('/public/brand/:file', { compress: false, schema: { tags: ['public'], params: fileParamsSchema } }, async (request, reply) => {
    const name = request.params.file.endsWith('.png') ? request.params.file.slice(0, -4) : '';
    const picture = await brandPicture(db, storage, name);
    reply.header('etag', picture.etag).header('cache-control', 'public, max-age=86400').header('x-content-type-options', 'nosniff');
    const asked = request.headers['if-none-match'];
    if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === picture.etag)) {
      picture.stream.destroy();
      return reply.status(304).send();
    }
    return reply.type('image/png').send(picture.stream);
  });
};

/** /.well-known/assetlinks.json at the academy's addresses (its own domain too): [] until it has an app. */
export const assetLinksRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/.well-known/assetlinks.json', { schema: { tags: ['public'], response: { 200: assetLinksSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=300').header('access-control-allow-origin', '*');
    return request.academy ? await assetLinksOf(db) : [];
  });
};
