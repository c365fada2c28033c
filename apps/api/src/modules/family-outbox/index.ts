/**
 * The public face of the family outbox: every message to a student's parents goes through
 * `notifyParents` (email in each parent's language, the academy's webhook), sent and retried by the
 * `parent-messages` job. It stands low in the house so that any module (fees, exams, parents) may
 * hand it a message without depending on another; WhatsApp and SMS join it as channels (issue 37).
 */
export {
  ABSENCE_REASON_PAYLOADS,
  cancelContactMessages,
  CODE_MASK,
  cancelParentNotice,
  chooseChannel,
  endOfQuietHours,
  familiesNoChannelReaches,
  familiesWaitingForQuietHours,
  forgetSignInCodes,
  latestMessagesByKey,
  linkedParentsOf,
  markPushShown,
  notifyContact,
  notifyParent,
  notifyPhone,
  notifyParents,
  notifyParentsOfStudents,
  reachOfContact,
  reachOfParents,
  PARENT_SENDER_JOB,
  quietHoursHoldOf,
  releaseHeldMessage,
  retryParentMessages,
  sealMessageCode,
  sendDueParentMessages,
  type ContactRecipient,
  type LinkedParent,
  type ParentNotice,
} from './family-outbox';
export { pushReceivedRoutes } from './push-received.routes';
export { forgetOldWebhookEvents, providerWebhookRoutes, type WhatsAppInbound, type WhatsAppMessageHandler } from './provider-webhooks.routes';
export { handleFamilyOutboxEvents } from './event-handlers';
