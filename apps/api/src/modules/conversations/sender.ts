import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversationMessages } from '../../db/schema';
import { ProviderError, sendWhatsAppSession } from '../../lib/family-providers';
import type { ServerKeys } from '../../lib/server-keys';
import { messagingConfig } from '../../academy-settings';
import type { ConversationSendPayload } from './intake';

export type ConversationSenderDeps = { db: Db; keys: ServerKeys; whatsappBase: string };

/** Why a session message stays unsent when WhatsApp is not set up (the inbox shows it). */
const WHATSAPP_OFF = 'WhatsApp is off or not set up in Settings → Messages';
/** A failure that is no provider's answer (the detail is in the server's log). */
const WHATSAPP_NO_ANSWER = 'WhatsApp did not answer';

/**
 * The job `conversation-messages`: one session message (an automatic answer, the menu, the office's
 * reply, or the contact details to an unknown number) to WhatsApp through the real client. A passing
 * fault is thrown (the runner tries again); a final refusal is kept on the message for the office.
 */
export async function sendConversationMessage(deps: ConversationSenderDeps, payload: ConversationSendPayload, attempt: { lastAttempt: boolean } = { lastAttempt: false }): Promise<void> {
  const config = (await messagingConfig(deps.db, deps.keys)).whatsapp;
  const ready = config.enabled && config.phoneNumberId && config.accessToken;
  if ('to' in payload) {
    if (!ready) return;
    await sendWhatsAppSession({ base: deps.whatsappBase, phoneNumberId: config.phoneNumberId!, accessToken: config.accessToken!, to: payload.to, text: payload.text });
    return;
  }
  const { rows } = await deps.db.execute<{ id: string; text: string; interactive: string | null; status: string; phone: string | null }>(sql`
    select m.id, m.text, m.interactive, m.status, p.phone
    from conversation_messages m join conversations c on c.id = m.conversation_id and c.academy_id = m.academy_id join parents p on p.id = c.parent_id and p.academy_id = c.academy_id
    where m.id = ${payload.messageId}`);
  const message = rows[0];
  if (!message || message.status !== 'queued') return;
  const fail = (error: string) => deps.db.update(conversationMessages).set({ status: 'failed', error: error.slice(0, 500) }).where(eq(conversationMessages.id, message.id));
  if (!ready || !message.phone) return void (await fail(WHATSAPP_OFF));
  try {
    const list = message.interactive ? (JSON.parse(message.interactive) as { button: string; rows: { id: string; title: string }[] }) : undefined;
    const sent = await sendWhatsAppSession({ base: deps.whatsappBase, phoneNumberId: config.phoneNumberId!, accessToken: config.accessToken!, to: message.phone, text: message.text, list });
    await deps.db.update(conversationMessages).set({ status: 'sent', providerId: sent.id, error: null }).where(eq(conversationMessages.id, message.id));
  } catch (error) {
    if (error instanceof ProviderError && error.final) return void (await fail(error.message));
    // Unreachable, timed out or busy: tried again on the short schedule (delivery-timing.ts); the last
    // try that fails leaves the message failed with its reason, never "Sending" (issue 73, point 12).
    if (attempt.lastAttempt) return void (await fail(error instanceof ProviderError ? error.message.replace(/; the message will be tried again$/, '') : WHATSAPP_NO_ANSWER));
    throw error;
  }
}
