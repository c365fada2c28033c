/**
 * The public face of the family outbox: every message to a student's parents goes through
 * `notifyParents` (email in each parent's language, the academy's webhook), sent and retried by the
 * `parent-messages` job. It stands low in the house so that any module (fees, exams, parents) may
 * hand it a message without depending on another; WhatsApp and SMS join it as channels (issue 37).
 *
 * One use case a file: who a message goes to (recipients), on which channel (channels), when (quiet-hours),
 * queueing it (queue-messages), sending it (send-messages, with send-by-phone and send-to-webhook), the next
 * channel when one fails (fallback), and what happens after (delivery-status; a code's seal: message-codes).
 */
export { linkedParentsOf, type LinkedParent, type ParentNotice } from './recipients';
export { chooseChannel, familiesNoChannelReaches, reachOfContact, reachOfParents, type ContactRecipient } from './channels';
export { endOfQuietHours, familiesWaitingForQuietHours, quietHoursHoldOf, releaseHeldMessage } from './quiet-hours';
export { CODE_MASK, forgetSignInCodes, sealMessageCode } from './message-codes';
export {
  cancelContactMessages,
  cancelParentNotice,
  latestMessagesByKey,
  notifyContact,
  notifyParent,
  notifyParents,
  notifyParentsOfStudents,
  notifyPhone,
  PARENT_SENDER_JOB,
} from './queue-messages';
export { ABSENCE_REASON_PAYLOADS } from './send-by-phone';
export { sendDueParentMessages } from './send-messages';
export { nextParentMessageAt } from './sender-times';
export { markPushShown, retryParentMessages } from './delivery-status';
export { pushReceivedRoutes } from './push-received.routes';
export { forgetOldWebhookEvents, providerWebhookRoutes, type WhatsAppInbound, type WhatsAppMessageHandler } from './provider-webhooks.routes';
export { handleFamilyOutboxEvents } from './event-handlers';
