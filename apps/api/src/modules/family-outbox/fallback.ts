/** The next channel when one could not carry a message (app → WhatsApp → SMS → email). */
import { eq, sql } from 'drizzle-orm';
import { smsParts, smsText, type MessageKind } from '@academy/shared/schemas/messaging';
import type { Db, DbExecutor } from '../../db/client';
import { parentMessages } from '../../db/schema';
import { messagingReadiness, type MessagingReadiness } from '../../academy-settings';
import { parentById } from './recipients';
import { chooseChannel } from './channels';
import { academySql } from '../../db/same-academy';

/**
 * The next channel after the app's notification, WhatsApp or SMS could not carry a message (no
 * subscription left, not on WhatsApp, the template refused, no delivery within the set minutes): the
 * same message to the same parent on the next channel (after the app: WhatsApp or SMS; after
 * WhatsApp: SMS; after SMS: email; email where the kind allows it), once (the key's uniqueness). Returns whether one was queued.
 */
export async function queueFallback(db: DbExecutor, messageId: string): Promise<boolean> {
  const [message] = await db.select().from(parentMessages).where(eq(parentMessages.id, messageId));
  if (!message || (message.channel !== 'whatsapp' && message.channel !== 'push' && message.channel !== 'sms')) return false;
  // No parent yet (an applicant's code, an enquiry's demo class): the same number by SMS, or the
  // enquiry's email that rode in the payload (a code has none).
  const contactEmail = typeof message.payload.email === 'string' ? message.payload.email : null;
  const parent = message.parentId ? await parentById(db, message.parentId) : { phone: message.toAddress, email: contactEmail, preferredChannel: null, whatsappStopped: true, hasPush: false };
  if (!parent) return false;
  const readiness = await messagingReadiness(db);
  const kind = message.kind as MessageKind;
  // Email only for kinds whose words the mail carries itself (not a receipt's or report card's PDF mail).
  const emailAllowed = !['fee-receipt', 'report-card', 'sign-in-code'].includes(kind);
  const afterPush = message.channel === 'push';
  const afterSms = message.channel === 'sms';
  const next = chooseChannel(
    { ...parent, hasPush: false, whatsappStopped: afterPush ? parent.whatsappStopped : true },
    { push: false, whatsapp: afterPush && Boolean(readiness.whatsapp?.[kind]), sms: !afterSms && Boolean(readiness.sms?.[kind]), email: emailAllowed },
  );
  if (!next) return false;
  const language = 'language' in parent ? parent.language : typeof message.payload.language === 'string' ? message.payload.language : 'en';
  const text = next === 'sms' ? smsText(message.text, language) : message.text;
  const inserted = await db
    .insert(parentMessages)
    .values({
      kind: message.kind,
      key: message.key,
      studentId: message.studentId,
      parentId: message.parentId,
      channel: next,
      status: 'queued',
      date: message.date,
      subject: message.subject,
      text,
      payload: message.payload,
      templateValues: message.templateValues,
      toAddress: next === 'email' ? parent.email : parent.phone,
      parts: next === 'sms' ? smsParts(text) : 1,
      notBefore: next === 'sms' || next === 'whatsapp' ? message.notBefore : null,
    })
    .onConflictDoNothing()
    .returning({ id: parentMessages.id });
  return inserted.length > 0;
}

/** App notifications and WhatsApp messages sent but not delivered within the set minutes: the next channel carries them too (the sender's sweep). */
export async function queueLateFallbacks(db: Db, readiness: MessagingReadiness): Promise<void> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select m.id from parent_messages m
    where m.academy_id = ${academySql()} and m.channel in ('push', 'whatsapp') and m.status = 'sent' and m.sent_at < now() - make_interval(mins => ${readiness.fallbackMinutes})
      and not exists (select 1 from parent_messages o where o.key = m.key and o.academy_id = m.academy_id and o.parent_id is not distinct from m.parent_id
        and o.channel in (case when m.channel = 'push' then 'whatsapp' else 'sms' end, 'sms', 'email'))
    order by m.sent_at
    limit 100`);
  for (const row of rows) await queueFallback(db, row.id);
}
