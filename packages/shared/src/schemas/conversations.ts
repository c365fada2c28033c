import { z } from 'zod';
import { isoDateTimeSchema } from './common';

/** The office's inbox of WhatsApp conversations with families (issue 60). */
export const CONVERSATION_MESSAGES = {
  notFound: 'Conversation not found',
  windowClosed: 'The 24-hour window has closed: WhatsApp allows only an approved template now',
  replyQueued: 'Reply sent to WhatsApp',
  templateQueued: 'Message queued as an approved template',
  templateUnavailable: 'WhatsApp cannot carry it: turn WhatsApp on in Settings → Messages with an announcement template, and check the parent has a phone and has not said STOP',
  updated: 'Conversation updated',
  staffNotFound: 'Choose a staff member of the academy',
  quickReplyCreated: 'Quick reply saved',
  quickReplyNotFound: 'Quick reply not found',
  reasonNotFound: 'Absence reason not found',
} as const;

const replyText = z
  .string({ error: 'Reply must be text' })
  .trim()
  .min(1, 'Write a reply')
  .max(1000, 'Reply must be at most 1000 characters');

export const conversationReplyInputSchema = z.object({ text: replyText }, { error: 'Send the reply as an object with text' });
export type ConversationReplyInput = z.infer<typeof conversationReplyInputSchema>;

export const conversationUpdateInputSchema = z.object(
  {
    assignedTo: z.uuid({ error: 'Choose a staff member' }).nullable().optional(),
    note: z.string({ error: 'Note must be text' }).trim().max(2000, 'Note must be at most 2000 characters').optional(),
  },
  { error: 'Send the change as an object with assignedTo or note' },
);
export type ConversationUpdateInput = z.infer<typeof conversationUpdateInputSchema>;

export const quickReplyInputSchema = z.object({ text: replyText }, { error: 'Send the quick reply as an object with text' });

export const absenceExcuseInputSchema = z.object({ excused: z.boolean({ error: 'excused must be true or false' }) }, { error: 'Send the choice as an object with excused' });

const personSchema = z.object({ _id: z.uuid(), name: z.string() });

export const conversationSummarySchema = z.object({
  _id: z.uuid(),
  parent: z.object({ _id: z.uuid(), name: z.string(), phone: z.string().nullable(), relation: z.string(), children: z.array(personSchema) }),
  unread: z.number().int(),
  /** The parent wrote something no automatic answer covered: the office owes a reply. */
  waiting: z.boolean(),
  assignedTo: personSchema.nullable(),
  lastMessageAt: isoDateTimeSchema,
  lastText: z.string().nullable(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationListSchema = z.object({ conversations: z.array(conversationSummarySchema) });

export const conversationMessageSchema = z.object({
  _id: z.uuid(),
  direction: z.enum(['in', 'out']),
  /** in: text, button, list; out: auto, menu, reply. */
  kind: z.string(),
  text: z.string(),
  status: z.enum(['received', 'queued', 'sent', 'failed']),
  error: z.string().nullable(),
  sentBy: personSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

export const conversationDetailSchema = z.object({
  conversation: conversationSummarySchema.extend({
    note: z.string(),
    /** Free text may be sent until then (24 hours after the parent's last message); null or past: a template only. */
    windowEndsAt: isoDateTimeSchema.nullable(),
    windowOpen: z.boolean(),
  }),
  messages: z.array(conversationMessageSchema),
  /** Who the conversation may be given to. */
  staff: z.array(personSchema),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

export const quickReplySchema = z.object({ _id: z.uuid(), text: z.string() });
export const quickReplyListSchema = z.object({ quickReplies: z.array(quickReplySchema) });
export type QuickReply = z.infer<typeof quickReplySchema>;

/** An absence's reason as the family gave it (issue 60): on the sheet, the history and the absent-today list. */
export const absenceReasonSchema = z.object({
  _id: z.uuid(),
  text: z.string(),
  /** Who gave it: the parent's name and relation (mother, father, guardian, other). */
  by: z.object({ name: z.string(), relation: z.string() }),
  at: isoDateTimeSchema,
  excused: z.boolean(),
});
export type AbsenceReason = z.infer<typeof absenceReasonSchema>;
