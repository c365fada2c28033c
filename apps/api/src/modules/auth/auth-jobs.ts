import type { Db } from '../../db/client';
import type { Jobs } from '../../events/catalog';
import type { Mailer } from '../../lib/mailer';
import { sendPasswordResetMail } from './password-reset.service';
import { sendSignInCodeMessage } from './sign-in-code.service';

/**
 * The auth module's messages as jobs (decision 083): queued for every ask, known address or number or
 * not, so the answer's timing tells nothing; the run decides whether anything goes out, is retried, and
 * survives a restart.
 */
export function defineAuthJobs(jobs: Jobs, deps: { db: Db; mailer: Mailer }): void {
  jobs.define('password-reset-mail', { label: 'Password reset mails', maxAttempts: 5, run: (input) => sendPasswordResetMail(deps, input) });
  jobs.define('sign-in-code-message', { label: 'Sign-in codes sent to parents', maxAttempts: 3, run: (payload) => sendSignInCodeMessage({ db: deps.db, jobs }, payload) });
}
