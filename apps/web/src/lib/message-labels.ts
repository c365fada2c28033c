import { useLingui } from '@lingui/react/macro';
import type { MessageChannel, MessageKind, MessageStatus, PreferredChannel } from '@academy/shared/schemas/messaging';

/** A status's colour, the same on the Messages screen and the dashboard's panel. */
export const MESSAGE_STATUS_COLORS: Record<MessageStatus, string> = {
  queued: 'yellow',
  sent: 'blue',
  delivered: 'teal',
  read: 'green',
  failed: 'red',
  cancelled: 'gray',
};

/** The words of messages to families (kinds, channels, statuses), in the reader's language. */
export function useMessageLabels() {
  const { t } = useLingui();
  const status: Record<MessageStatus, string> = {
    queued: t`Waiting`,
    sent: t`Sent`,
    delivered: t`Delivered`,
    read: t`Read`,
    failed: t`Failed`,
    cancelled: t`Cancelled`,
  };
  const channel: Record<MessageChannel, string> = { push: t`App notification`, whatsapp: t`WhatsApp`, sms: t`SMS`, email: t`Email`, webhook: t`Webhook`, none: t`No channel` };
  const kind: Record<MessageKind, string> = {
    absence: t`Absence alert`,
    'fee-reminder': t`Fee reminder`,
    'fee-receipt': t`Fee receipt`,
    'report-card': t`Report card`,
    results: t`Test results`,
    announcement: t`Announcement`,
    'sign-in-code': t`Sign-in code`,
    'demo-class': t`Demo class`,
    'online-test': t`Online test`,
    'enquiry-received': t`Application received`,
    'parent-welcome': t`How to sign in`,
    admitted: t`Admission (how to sign in)`,
    'homework-summary': t`Weekly homework summary`,
    'lecture-recorded': t`Missed class recorded`,
  };
  return {
    status: (value: MessageStatus) => status[value],
    channel: (value: MessageChannel) => channel[value],
    /** A kind the app does not know yet is shown as the server names it. */
    kind: (value: string) => kind[value as MessageKind] ?? value,
  };
}

/** A parent's preferred channel; null is the default (WhatsApp when a phone is known, else email). */
export function usePreferredChannelLabel(): (channel: PreferredChannel | null) => string {
  const { t } = useLingui();
  const labels: Record<PreferredChannel, string> = { whatsapp: t`WhatsApp`, sms: t`SMS`, email: t`Email` };
  return (channel) => (channel ? labels[channel] : t`Default`);
}
