import { z } from 'zod';
import { calendarDateSchema, idSchema, namedRefSchema, optionalQueryValue, paginationQuerySchema, paginationSchema } from './common';
import { indianPhoneSchema } from './phone';

/**
 * Messages to families on WhatsApp and SMS (issue 37): the kinds, channels and statuses of
 * `parent_messages`, the office's Settings → Messages and its Messages screen, and sign-in by a code
 * sent to a parent's phone.
 */

/** What a message to a family is about. */
/**
 * `demo-class`: the time and address of a demo class, to an enquiry's family (issue 41; no parent account yet).
 * `online-test`: a new online test for the parents' child (issue 40).
 * `enquiry-received`: an application's reference, to a family who applied with its phone (issue 54; no account yet).
 * `parent-welcome`: how to sign in, to a parent the office linked without an email (issue 54).
 * `admitted`: an enquiry became a student: the student ID and how to sign in, to the family (issue 54).
 */
export const MESSAGE_KINDS = ['absence', 'fee-reminder', 'fee-receipt', 'report-card', 'results', 'announcement', 'sign-in-code', 'demo-class', 'online-test', 'enquiry-received', 'parent-welcome', 'admitted', 'homework-summary', 'lecture-recorded'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/**
 * How a message travels: Web Push to the installed app, the academy's own providers, email, or the academy's signed webhook.
 * `none`: no channel could carry it (issue 73: e.g. a phone-only parent before WhatsApp or SMS is set up); such a
 * message is recorded as failed with what to set up, so the office sees it, and is never sent.
 */
export const MESSAGE_CHANNELS = ['push', 'whatsapp', 'sms', 'email', 'webhook', 'none'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** What a parent may prefer (the office sets it; default WhatsApp when a phone is known). */
export const PREFERRED_CHANNELS = ['whatsapp', 'sms', 'email'] as const;
export type PreferredChannel = (typeof PREFERRED_CHANNELS)[number];
export const preferredChannelSchema = z.enum(PREFERRED_CHANNELS, { error: 'Choose WhatsApp, SMS or email' });

/** queued → sent → delivered → read, or failed; cancelled: not sent on purpose (a corrected absence, an unlinked parent). */
export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed', 'cancelled'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * The values a template receives, in order: `{{1}}`, `{{2}}` … in a WhatsApp template's body and
 * `var1`, `var2` … in an MSG91 (DLT) template. The office registers its templates with these.
 */
export const TEMPLATE_VALUES: Record<MessageKind, readonly string[]> = {
  absence: ['parent', 'child', 'date', 'batch'],
  'fee-reminder': ['parent', 'child', 'amount', 'dueDate', 'payLink'],
  'fee-receipt': ['parent', 'child', 'amount', 'receiptNumber'],
  'report-card': ['parent', 'child', 'period'],
  results: ['parent', 'child', 'test', 'score'],
  announcement: ['parent', 'title'],
  'sign-in-code': ['code', 'minutes'],
  'demo-class': ['student', 'batch', 'date', 'time', 'address'],
  'online-test': ['parent', 'test', 'opens', 'closes'],
  'enquiry-received': ['academy', 'student', 'reference'],
  'parent-welcome': ['parent', 'academy', 'child', 'link'],
  admitted: ['student', 'studentId', 'link'],
  'homework-summary': ['parent', 'child', 'set', 'handedIn', 'late', 'redo'],
  'lecture-recorded': ['parent', 'child', 'subject', 'date'],
};

/**
 * Sent at once even in quiet hours (decision 051): an absence alert is about a child not in class right
 * now, and a sign-in code is asked for by the person holding the phone. A demo class is urgent only when
 * it is today (`notifyContact`'s `urgent`): held until 7:00 AM, a family told at 05:24 of a 07:00 class
 * would hear of it at class time.
 */
export const URGENT_KINDS: readonly MessageKind[] = ['absence', 'sign-in-code'];

/** Why a queued message is not sent yet: the academy's quiet hours (Settings → Messages). */
export const MESSAGE_WAITING_REASONS = ['quiet-hours'] as const;
export type MessageWaitingReason = (typeof MESSAGE_WAITING_REASONS)[number];

export const MESSAGING_MESSAGES = {
  saved: 'Message settings saved',
  whatsappIncomplete: 'Enter the phone number ID, access token and app secret to turn WhatsApp on',
  smsIncomplete: 'Enter the MSG91 auth key and the sender ID to turn SMS on',
  whatsappNumberTaken: 'This WhatsApp phone number ID is already used by another academy',
  messageNotFound: 'Message not found',
  retried: 'The message will be sent again',
  notFailed: 'Only a failed message can be sent again',
  sentNow: 'The message is being sent now',
  notWaiting: 'Only a message waiting for quiet hours to end can be sent now',
  codeSent: 'If this number belongs to a parent, a sign-in code is on its way by WhatsApp or SMS',
  /** The academy has neither WhatsApp nor SMS set up for codes (issue 73): the same answer for every number. */
  codesUnavailable: 'This academy cannot send sign-in codes yet. Please ask the office, or sign in with email and password.',
  codeWrong: 'This code is not correct. Please check it and try again',
  codeExpired: 'This code has expired or is no longer valid. Please ask for a new code.',
  tooManyWrong: 'Too many wrong codes. Please ask for a new code.',
  channelSaved: 'Message channel saved',
  msg91TokenRotated: 'New delivery-report address made. Enter it in MSG91: the old one no longer works.',
} as const;

const secretInput = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(8, `${label} must be at least 8 characters`)
    .max(1000, `${label} must be at most 1000 characters`)
    .optional();

const templateNameSchema = z
  .string({ error: 'A template name must be text' })
  .trim()
  .max(512, 'A template name must be at most 512 characters')
  .regex(/^[a-z0-9_]*$/, 'A WhatsApp template name has only small letters, digits and _');
const dltTemplateIdSchema = z
  .string({ error: 'A template ID must be text' })
  .trim()
  .max(64, 'A template ID must be at most 64 characters')
  .regex(/^[A-Za-z0-9]*$/, 'An MSG91 template ID has only letters and digits');

/** One template per kind; an empty name: that kind is not sent on this channel. */
const templatesOf = (name: z.ZodType<string, string>) =>
  z.partialRecord(z.enum(MESSAGE_KINDS, { error: 'Unknown kind of message' }), name, { error: 'Send the templates as an object' });

const clockTime = z.string({ error: 'Enter a time as HH:MM' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM');

/**
 * PUT /api/admin/settings/messaging. Every credential is write-only: left out, the stored one stays;
 * each part left out stays as it is.
 */
export const messagingSettingsInputSchema = z.object(
  {
    whatsapp: z
      .object(
        {
          enabled: z.boolean({ error: 'enabled must be true or false' }),
          phoneNumberId: z
            .string({ error: 'The phone number ID must be text' })
            .trim()
            .regex(/^\d{0,30}$/, 'The phone number ID has only digits')
            .transform((id) => id || null)
            .nullable()
            .optional(),
          accessToken: secretInput('The access token'),
          appSecret: secretInput('The app secret'),
          verifyToken: secretInput('The verify token'),
          templates: templatesOf(templateNameSchema).optional(),
        },
        { error: 'Send the WhatsApp settings as an object' },
      )
      .optional(),
    sms: z
      .object(
        {
          enabled: z.boolean({ error: 'enabled must be true or false' }),
          authKey: secretInput('The auth key'),
          senderId: z
            .string({ error: 'The sender ID must be text' })
            .trim()
            .toUpperCase()
            .regex(/^([A-Z]{6})?$/, 'The sender ID is six capital letters (as registered on DLT)')
            .transform((id) => id || null)
            .nullable()
            .optional(),
          templates: templatesOf(dltTemplateIdSchema).optional(),
        },
        { error: 'Send the SMS settings as an object' },
      )
      .optional(),
    fallbackMinutes: z
      .number({ error: 'The minutes before SMS must be a number' })
      .int('The minutes before SMS must be a whole number')
      .min(1, 'The minutes before SMS must be between 1 and 1440')
      .max(1440, 'The minutes before SMS must be between 1 and 1440')
      .optional(),
    quietHours: z
      .object({ from: clockTime, to: clockTime }, { error: 'Send quiet hours as { from, to } or null' })
      .refine((hours) => hours.from !== hours.to, 'Quiet hours must start and end at different times')
      .nullable()
      .optional(),
  },
  { error: 'Send the message settings as an object' },
);
export type MessagingSettingsInput = z.input<typeof messagingSettingsInputSchema>;

const templatesAnswer = z.partialRecord(z.enum(MESSAGE_KINDS), z.string());

/** GET/PUT /api/admin/settings/messaging: as stored, with whether each credential is set (never its value). */
export const messagingSettingsSchema = z.object({
  whatsapp: z.object({
    enabled: z.boolean(),
    phoneNumberId: z.string().nullable(),
    accessTokenSet: z.boolean(),
    appSecretSet: z.boolean(),
    verifyTokenSet: z.boolean(),
    templates: templatesAnswer,
    /** The address to give Meta for statuses and replies (relative to the site). */
    webhookPath: z.string(),
  }),
  sms: z.object({
    enabled: z.boolean(),
    authKeySet: z.boolean(),
    senderId: z.string().nullable(),
    templates: templatesAnswer,
    /** The address to give MSG91 for delivery reports (relative to the site; its token proves the sender). */
    webhookPath: z.string(),
  }),
  fallbackMinutes: z.number().int(),
  quietHours: z.object({ from: z.string(), to: z.string() }).nullable(),
});
export type MessagingSettings = z.infer<typeof messagingSettingsSchema>;

/** GET /api/admin/messages: a day's messages (default today), filtered, paged, newest first. */
export const messageListQuerySchema = z
  .object({
    date: optionalQueryValue(calendarDateSchema),
    kind: optionalQueryValue(z.enum(MESSAGE_KINDS, { error: `Kind must be one of: ${MESSAGE_KINDS.join(', ')}` })),
    channel: optionalQueryValue(z.enum(MESSAGE_CHANNELS, { error: `Channel must be one of: ${MESSAGE_CHANNELS.join(', ')}` })),
    status: optionalQueryValue(z.enum(MESSAGE_STATUSES, { error: `Status must be one of: ${MESSAGE_STATUSES.join(', ')}` })),
    /** One parent's messages (every day): their page. */
    parentId: optionalQueryValue(idSchema),
  })
  .extend(paginationQuerySchema.shape);
export type MessageListQuery = z.input<typeof messageListQuerySchema>;

export const messageItemSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(MESSAGE_KINDS),
  /** Null for a parent's own sign-in code. */
  child: namedRefSchema.nullable(),
  parent: z.object({ _id: z.uuid(), name: z.string(), phone: z.string().nullable() }),
  channel: z.enum(MESSAGE_CHANNELS),
  /** The number or address it went to (null: the webhook). */
  to: z.string().nullable(),
  status: z.enum(MESSAGE_STATUSES),
  providerId: z.string().nullable(),
  /** In plain words, for the office. */
  error: z.string().nullable(),
  /** Why a queued message is not sent yet (null: it goes at the next run of the sender). */
  waitingFor: z.enum(MESSAGE_WAITING_REASONS).nullable(),
  /** Until when it waits (ISO 8601): the end of the quiet hours; null when it is not held. */
  waitingUntil: z.string().nullable(),
  /** SMS parts (what the provider charges); 1 for other channels. */
  parts: z.number().int(),
  attempts: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
});
export type MessageItem = z.infer<typeof messageItemSchema>;

export const messageListSchema = z.object({
  date: z.string(),
  items: z.array(messageItemSchema),
  pagination: paginationSchema,
  /** The day's messages by status (all kinds and channels). */
  today: z.record(z.enum(MESSAGE_STATUSES), z.number().int()),
  /** This month (of `date`) per channel: messages and SMS parts. */
  month: z.array(z.object({ channel: z.enum(MESSAGE_CHANNELS), messages: z.number().int(), parts: z.number().int() })),
});
export type MessageList = z.infer<typeof messageListSchema>;
export const messageParamsSchema = z.object({ id: idSchema });

/** PUT /api/parents/{id}/channel (admin): how a parent is reached, and WhatsApp stopped (they replied STOP, or asked the office). */
export const parentChannelInputSchema = z.object(
  {
    preferredChannel: preferredChannelSchema.nullable(),
    whatsappStopped: z.boolean({ error: 'whatsappStopped must be true or false' }),
  },
  { error: 'Send the channel as an object' },
);
export type ParentChannelInput = z.infer<typeof parentChannelInputSchema>;

/** POST /api/auth/sign-in-code: a six-digit code to a parent's phone. */
export const signInCodeRequestSchema = z.object({ phone: indianPhoneSchema }, { error: 'Phone number is required' });
export type SignInCodeRequest = z.input<typeof signInCodeRequestSchema>;
export const signInCodeVerifySchema = z.object(
  {
    phone: indianPhoneSchema,
    code: z.string({ error: 'Enter the 6-digit code' }).trim().regex(/^\d{6}$/, 'Enter the 6-digit code'),
  },
  { error: 'Phone number and code are required' },
);
export type SignInCodeVerify = z.input<typeof signInCodeVerifySchema>;
export const signInCodeSentSchema = z.object({ resendAfterSeconds: z.number().int(), validMinutes: z.number().int() });
export type SignInCodeSent = z.infer<typeof signInCodeSentSchema>;

/** The GSM 03.38 basic character set; the extension table's characters cost two septets each. */
const GSM7_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '^{}\\[~]|€\f';

/** Whether every character of the text is GSM-7 (basic or extension), so the SMS goes as 7-bit text. */
export function isGsm7(text: string): boolean {
  return [...text].every((char) => GSM7_BASIC.includes(char) || GSM7_EXTENSION.includes(char));
}

/** Characters an English message uses that GSM-7 lacks, as the providers' plain equivalents. */
const GSM7_EQUIVALENTS: Record<string, string> = {
  '₹': 'Rs.',
  '·': '-',
  '•': '-',
  '—': '-',
  '–': '-',
  '‑': '-',
  '−': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '…': '...',
  '\u00a0': ' ',
  '\u202f': ' ',
  '\u2009': ' ',
  '\t': ' ',
};

/**
 * An English SMS as GSM-7 text only (issue 53): one character outside GSM-7 (₹, ·, a dash or curly
 * quote) sends the whole SMS as UCS-2, 70 characters a part instead of 160, so a fee reminder cost
 * six parts instead of two. Known characters become their plain equivalents ("Rs.", "-", '"'),
 * accented letters lose their accents, and anything else left outside GSM-7 is dropped.
 */
export function gsm7Text(text: string): string {
  let result = '';
  for (const char of text) {
    if (GSM7_BASIC.includes(char) || GSM7_EXTENSION.includes(char)) result += char;
    else if (GSM7_EQUIVALENTS[char] !== undefined) result += GSM7_EQUIVALENTS[char];
    else {
      const plain = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      if (plain !== char && isGsm7(plain)) result += plain;
    }
  }
  return result.replace(/ {2,}/g, ' ');
}

/**
 * The text an SMS carries in the reader's language: English as GSM-7 (gsm7Text), Marathi and Hindi
 * as they are (Unicode, sent with MSG91's unicode flag).
 */
export function smsText(text: string, language: string): string {
  return language === 'en' ? gsm7Text(text) : text;
}

/**
 * How many SMS parts the text takes, counted as the providers count: GSM-7 text 160 septets in one
 * part, 153 a part when split (an extension character such as € or [ takes two, and is never split
 * across parts); any other text UCS-2, 70 UTF-16 units in one part, 67 a part when split.
 */
export function smsParts(text: string): number {
  if (isGsm7(text)) {
    const septets = [...text].map((char) => (GSM7_EXTENSION.includes(char) ? 2 : 1));
    const total = septets.reduce((sum, size) => sum + size, 0);
    if (total <= 160) return 1;
    let parts = 1;
    let used = 0;
    for (const size of septets) {
      if (used + size > 153) {
        parts += 1;
        used = 0;
      }
      used += size;
    }
    return parts;
  }
  const length = text.length;
  return length <= 70 ? 1 : Math.ceil(length / 67);
}
