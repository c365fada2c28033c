import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { Jobs } from '../../events/catalog';
import type { Mailer } from '../../lib/mailer';
import { openSecret, sealSecret } from '../../lib/secret-box';
import type { ServerKeys } from '../../lib/server-keys';
import { siteOrigin } from '../../lib/site-origin';
import { sendWelcomeMail } from './welcome';
import type { Invitation } from './users.service';

export type InvitationDeps = { db: Db; mailer: Mailer; publicUrl: string | undefined; keys: ServerKeys };

/** What the welcome link's token is sealed for (lib/secret-box: moved to another place, it does not open). */
const WELCOME_TOKEN = 'welcome-mail-token';

/**
 * Queues a new account's set-your-password mail (the `welcome-mail` job, decision 083) once the
 * account is committed: a slow or failing mail server neither delays nor fails the creation, the job
 * retries it, and a restart does not lose it. The link's token waits sealed, never in clear.
 */
export async function queueWelcomeMail(jobs: Jobs, deps: Pick<InvitationDeps, 'publicUrl' | 'keys'>, request: FastifyRequest, invitation: Invitation | undefined): Promise<void> {
  if (!invitation) return;
  const { token, ...rest } = invitation;
  await jobs.enqueue('welcome-mail', { ...rest, origin: siteOrigin(request, deps.publicUrl), sealedToken: sealSecret(deps.keys, WELCOME_TOKEN, token) });
}

/** The users module's jobs: the welcome mail. */
export function defineUserJobs(jobs: Jobs, deps: { db: Db; mailer: Mailer; keys: ServerKeys }): void {
  jobs.define('welcome-mail', {
    label: 'Welcome mails to new accounts',
    maxAttempts: 5,
    run: ({ sealedToken, ...input }) => sendWelcomeMail(deps, { ...input, token: openSecret(deps.keys, WELCOME_TOKEN, sealedToken) }),
  });
}
