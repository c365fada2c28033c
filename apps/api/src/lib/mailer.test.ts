import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEml, readOutbox } from '../../test/outbox';
import { escapeHtml, passwordResetMail } from './mail-templates';
import { createMailer } from './mailer';

const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-mailer-'));
afterAll(() => fs.rmSync(outboxDir, { recursive: true, force: true }));

const mail = passwordResetMail({ academyName: 'Shree Academy, Latur', userName: 'Rutuja <More>', resetUrl: 'https://academy.example.in/reset-password/abc"def', validMinutes: 30 });

/** Just enough of an SMTP server to take one mail: what nodemailer sends over the wire. */
async function startFakeSmtp() {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let current = { from: '', to: [] as string[], data: '' };
    let inData = false;
    socket.write('220 fake.smtp ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 queued\r\n');
          } else current.data += `${line}\r\n`;
        } else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) {
          socket.end('221 bye\r\n');
        } else {
          if (/^MAIL FROM:/i.test(line)) current.from = line.slice(10);
          if (/^RCPT TO:/i.test(line)) current.to.push(line.slice(8));
          socket.write('250 ok\r\n'); // EHLO, MAIL FROM, RCPT TO, anything else
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('mailer', () => {
  it('writes each mail as a complete .eml file to the outbox when no SMTP is configured, and logs one line', async () => {
    const lines: string[] = [];
    const mailer = createMailer({ smtpUrl: undefined, from: { name: 'Shree Academy, Latur', address: 'office@example.in' }, outboxDir, log: (line) => lines.push(line) });
    await mailer.send({ to: 'rutuja@example.com', ...mail });

    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(1); // no partial file left behind
    expect(files[0]).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{8}\.eml$/);
    const raw = fs.readFileSync(path.join(outboxDir, files[0]!), 'utf8');
    expect(raw).toContain('From: "Shree Academy, Latur" <office@example.in>\r\n');
    expect(raw).toContain('To: rutuja@example.com\r\n');
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(raw).toMatch(/Message-ID: <.+>/);

    const [read] = readOutbox(outboxDir);
    expect(read).toMatchObject({ to: 'rutuja@example.com', subject: 'Reset your Shree Academy, Latur password' });
    expect(read!.text).toContain('Hello Rutuja <More>,');
    expect(read!.html).toContain('Hello Rutuja &lt;More&gt;,');
    expect(read!.html).toContain('href="https://academy.example.in/reset-password/abc&quot;def"');
    expect(lines).toEqual([expect.stringMatching(/^Mail "Reset your Shree Academy, Latur password" to rutuja@example.com written to .+\.eml \(no SMTP_URL set\)$/)]);
  });

  it('sends through SMTP when SMTP_URL is set', async () => {
    const smtp = await startFakeSmtp();
    try {
      const lines: string[] = [];
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: { name: '', address: 'no-reply@example.in' }, outboxDir, log: (line) => lines.push(line) });
      await mailer.send({ to: 'parent@example.com', subject: 'Fee receipt – ₹ 1,500', text: 'Namaskar', html: '<p>Namaskar</p>' });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.from).toContain('no-reply@example.in');
      expect(smtp.received[0]!.to).toEqual([expect.stringContaining('parent@example.com')]);
      const file = path.join(outboxDir, 'sent.eml.txt');
      fs.writeFileSync(file, smtp.received[0]!.data);
      expect(parseEml(file).subject).toBe('Fee receipt – ₹ 1,500');
      expect(lines).toEqual([expect.stringMatching(/^Mail "Fee receipt – ₹ 1,500" sent to parent@example.com/)]);
    } finally {
      await smtp.close();
    }
  });

  it('escapes everything placed in HTML', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;');
  });
});
