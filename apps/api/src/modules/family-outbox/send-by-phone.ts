/** Sending on a phone: WhatsApp (a template in the parent's language) or SMS (MSG91 Flow). */
import { smsText } from '@academy/shared/schemas/messaging';
import { sendMsg91Flow, sendWhatsAppTemplate } from '../../lib/family-providers';
import { type MessagingConfig } from '../../academy-settings';
import { openMessageCode } from './message-codes';
import { type ClaimedMessage, WHATSAPP_OFF_MESSAGE, WHATSAPP_STOPPED_MESSAGE, SMS_OFF_MESSAGE, CODE_GONE_MESSAGE, CREDENTIAL_UNREADABLE_MESSAGE, SendFailure, type ParentSenderDeps } from './sender-parts';

/**
 * The payloads of the absence template's three quick-reply buttons, in the template's order: "Sick",
 * "Family reason", "Will call" (the words are the template's in each language; issue 60, decision 059).
 */
export const ABSENCE_REASON_PAYLOADS = ['absence-reason:sick', 'absence-reason:family', 'absence-reason:call'] as const;

/**
 * WhatsApp (a template in the parent's language) or SMS (MSG91 Flow with the DLT template), to the
 * number fixed when queued. Returns the provider's id, by which its status reports come back.
 */
export async function sendByPhone(deps: ParentSenderDeps, config: MessagingConfig, claimed: ClaimedMessage): Promise<string> {
  const to = claimed.toAddress ?? claimed.parentPhone;
  if (!to) throw new SendFailure('The parent has no mobile number', true);
  let message = claimed;
  if (claimed.kind === 'sign-in-code') {
    // The code is stored sealed (or already wiped: used or expired, then there is nothing to send).
    const code = openMessageCode(deps.keys, claimed.templateValues[0]);
    if (code === null) throw new SendFailure(CODE_GONE_MESSAGE, true);
    message = { ...claimed, templateValues: [code, ...claimed.templateValues.slice(1)] };
  }
  if (message.channel === 'whatsapp') {
    const { whatsapp } = config;
    if (message.whatsappStopped) throw new SendFailure(WHATSAPP_STOPPED_MESSAGE, true);
    const template = whatsapp.templates[message.kind];
    if (config.unreadable.includes('whatsappAccessToken')) throw new SendFailure(CREDENTIAL_UNREADABLE_MESSAGE, true);
    if (!whatsapp.enabled || !whatsapp.phoneNumberId || !whatsapp.accessToken || !template) throw new SendFailure(WHATSAPP_OFF_MESSAGE, true);
    // A sign-in code's template is of Meta's authentication category: the code, and its copy-code button.
    const authenticationCode = message.kind === 'sign-in-code' ? message.templateValues[0] : undefined;
    // The absence alert's quick-reply buttons (issue 60): the parent's tap comes back with its payload and becomes the absence's reason.
    const quickReplies = message.kind === 'absence' ? ABSENCE_REASON_PAYLOADS : undefined;
    const sent = await sendWhatsAppTemplate({ base: deps.providers.whatsappBase, phoneNumberId: whatsapp.phoneNumberId, accessToken: whatsapp.accessToken, to, template, language: message.parentLanguage, values: message.templateValues, authenticationCode, quickReplies });
    return sent.id;
  }
  const { sms } = config;
  const templateId = sms.templates[message.kind];
  if (config.unreadable.includes('msg91AuthKey')) throw new SendFailure(CREDENTIAL_UNREADABLE_MESSAGE, true);
  if (!sms.enabled || !sms.authKey || !sms.senderId || !templateId) throw new SendFailure(SMS_OFF_MESSAGE, true);
  // English values as GSM-7 (an amount's ₹ as "Rs."); Marathi and Hindi as Unicode, said so to MSG91.
  const english = message.parentLanguage === 'en';
  const values = message.templateValues.map((value) => smsText(value, message.parentLanguage));
  const sent = await sendMsg91Flow({ base: deps.providers.msg91Base, authKey: sms.authKey, senderId: sms.senderId, templateId, to, values, unicode: !english });
  return sent.id;
}
