import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { Mailer } from '../../lib/mailer';
import { siteOrigin } from '../../lib/site-origin';
import { sendWelcomeMail } from './welcome';
import type { Invitation } from './users.service';

export type InvitationDeps = { db: Db; mailer: Mailer; publicUrl: string | undefined };

/**
 * Mails a new account's set-your-password link after the answer (and so after the commit): a slow
 * or failing mail server neither delays nor fails the creation; a failure is logged.
 */
export function sendInvitationInBackground(app: FastifyInstance, deps: InvitationDeps, request: FastifyRequest, invitation: Invitation | undefined) {
  if (!invitation) return;
  const origin = siteOrigin(request, deps.publicUrl);
  app.runInBackground('welcome mail', () => sendWelcomeMail(deps, { ...invitation, origin }));
}
