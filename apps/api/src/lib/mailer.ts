import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export type MailContent = { subject: string; text: string; html: string };
/** A file sent with a mail (a report card's PDF). */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };
export type OutgoingMail = MailContent & { to: string; attachments?: MailAttachment[] };

export type Mailer = {
  /** Resolves once the SMTP server accepted the mail (or the .eml file is on disk). */
  send(mail: OutgoingMail): Promise<void>;
};

export type MailerOptions = {
  /** Set: mails go out through this SMTP server. Unset: they are written to `outboxDir`. */
  smtpUrl: string | undefined;
  from: { name: string; address: string };
  outboxDir: string;
  /** Receives one line per mail. */
  log: (line: string) => void;
};

function outboxFileName(): string {
  // Sortable by time; the random part keeps two mails of the same millisecond apart.
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('.', '');
  return `${stamp}-${randomBytes(4).toString('hex')}.eml`;
}

/**
 * Sends mail with nodemailer. Without SMTP (development, tests) each mail is composed exactly as it
 * would be sent and saved as an .eml file, which any mail program opens. nodemailer is loaded with the first
 * mail, not when the server starts (docs/decisions/112-packages-loaded-when-first-used.md).
 */
export function createMailer(options: MailerOptions): Mailer {
  const from = options.from.name ? { name: options.from.name, address: options.from.address } : options.from.address;

  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    const makeTransport = async () => (await import('nodemailer')).default.createTransport(smtpUrl);
    let transport: ReturnType<typeof makeTransport> | undefined;
    return {
      async send(mail) {
        const info = await (await (transport ??= makeTransport())).sendMail({ from, ...mail });
        options.log(`Mail "${mail.subject}" sent to ${mail.to} (${info.messageId})`);
      },
    };
  }

  const makeTransport = async () => (await import('nodemailer')).default.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  let transport: ReturnType<typeof makeTransport> | undefined;
  return {
    async send(mail) {
      const info = await (await (transport ??= makeTransport())).sendMail({ from, ...mail });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, outboxFileName());
      // Written beside and renamed into place, so a reader never sees half a mail.
      const partial = path.join(options.outboxDir, `.${path.basename(file)}.partial`);
      await fs.writeFile(partial, info.message as Buffer, { mode: 0o600 });
      await fs.rename(partial, file);
      options.log(`Mail "${mail.subject}" to ${mail.to} written to ${file} (no SMTP_URL set)`);
    },
  };
}
