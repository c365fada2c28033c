import type { FastifyPluginAsync } from 'fastify';
import { LANGUAGES } from '@academy/shared/languages';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { ServerKeys } from '../../lib/server-keys';
import { getAcademySettings } from '../settings';
import { payLinkInvalidHtml, payPageHtml } from './pay-page-html';
import { payPage } from './pay-page.service';

/**
 * A fee reminder's pay link, /pay/{token}, /mr/pay/{token} and /hi/pay/{token} (issue 54, decision 050):
 * the page itself, drawn by the server in the address's language, at the site's root. The signed token
 * is the permission (no session); a link that is malformed, forged or past its day is a page saying
 * what to do (404), never an error. Guards: access/fees.ts. Pages for people, not the API: not in
 * /api/docs, and no schema (any token, however long or odd, gets the page that says it does not work).
 */
export const payPageRoutes: FastifyPluginAsync<{ db: Db; keys: ServerKeys }> = async (app, { db, keys }) => {
  const key = keys.key('pay-links');
  for (const language of LANGUAGES) {
    app.get(`${language === 'en' ? '' : `/${language}`}/pay/:token`, { schema: { hide: true } }, async (request, reply) => {
      const { token } = request.params as { token: string };
      // One family's dues: kept by no cache; the token never leaves in a Referer, and no search engine lists it.
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex').type('text/html; charset=utf-8');
      try {
        return reply.send(payPageHtml(await payPage(db, key, token), token, language));
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
        return reply.status(404).send(payLinkInvalidHtml(token, language, (await getAcademySettings(db)).name));
      }
    });
  }
};
