import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { LANGUAGES } from '@academy/shared/languages';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { ServerKeys } from '../../lib/server-keys';
import { getAcademySettings } from '../../academy-settings';
import { payLinkInvalidHtml, payPageHtml, type PageFonts } from './pay-page-html';
import { payPage } from './pay-page.service';
import { actorOf } from '../../access/http';
import { childIdOf } from '../../access/parents';
import { payLinkToken } from './pay-link';

/**
 * A fee reminder's pay link, /pay/{token}, /mr/pay/{token} and /hi/pay/{token} (issue 54, decision 050):
 * the page itself, drawn by the server in the address's language, at the site's root. The signed token
 * is the permission (no session); a link that is malformed, forged or past its day is a page saying
 * what to do (404), never an error. Guards: access/fees.ts. Pages for people, not the API: not in
 * /api/docs, and no schema (any token, however long or odd, gets the page that says it does not work).
 */
export const payPageRoutes: FastifyPluginAsync<{ db: Db; keys: ServerKeys; webDistFolder: string | undefined }> = async (app, { db, keys, webDistFolder }) => {
  const key = keys.key('pay-links');
  const fonts = devanagariFonts(webDistFolder);
  for (const language of LANGUAGES) {
    app.get(`${language === 'en' ? '' : `/${language}`}/pay/:token`, { schema: { hide: true } }, async (request, reply) => {
      const { token } = request.params as { token: string };
      // One family's dues: kept by no cache; the token never leaves in a Referer, and no search engine lists it.
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex').type('text/html; charset=utf-8');
      // The academy's own logo and colour (issue 78), whatever the link says.
      const { name, brand } = await getAcademySettings(db);
      try {
        return reply.send(payPageHtml(await payPage(db, key, token), token, language, fonts, brand));
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
        return reply.status(404).send(payLinkInvalidHtml(token, language, name, fonts, brand));
      }
    });
  }

  // The parent's Fees screen's Pay (issue 74, decision 075): a plain link that works from the first paint,
  // without the app's code: to the child's pay page (above), in the parent's language. Another family's
  // child answers 404 (access/fees.ts).
  app.get('/app/parent/fees/pay/:studentId', { schema: { hide: true }, config: { session: true } }, async (request, reply) => {
    const actor = actorOf(request);
    const studentId = childIdOf(actor, (request.params as { studentId: string }).studentId);
    const language = request.user?.language ?? 'en';
    return reply.header('cache-control', 'no-store').redirect(`${language === 'en' ? '' : `/${language}`}/pay/${payLinkToken(key, studentId)}`, 303);
  });
};

/**
 * The web app's own Devanagari font files (its hashed assets, kept a year by browsers): a phone that
 * opened the app has them already; one without a Devanagari font of its own gets Marathi and Hindi drawn
 * right. None without the built app (tests, `npm run dev`): the phone's own fonts then.
 */
function devanagariFonts(webDistFolder: string | undefined): PageFonts {
  if (!webDistFolder) return {};
  const folder = path.join(webDistFolder, 'assets');
  const files = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  const find = (weight: number) => files.find((file) => file.startsWith(`noto-sans-devanagari-devanagari-${weight}-normal-`) && file.endsWith('.woff2'));
  const regular = find(400);
  const bold = find(700);
  return { ...(regular ? { regular: `/assets/${regular}` } : {}), ...(bold ? { bold: `/assets/${bold}` } : {}) };
}
