import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageList, MessageListQuery, MessagingSettings, MessagingSettingsInput } from '@academy/shared/schemas/messaging';
import { msg } from '@lingui/core/macro';
import { apiRequestWithMessage } from '../../lib/api-client';
import { messageKeys } from '../../lib/query-keys';
import { toQueryString } from '../../lib/query-string';
import { getQueryOptions } from '../../lib/get-query-options';

export { messageKeys };

/** Shown when a request fails without the server's words (offline, a proxy's error). */
export const MESSAGE_FAILURES = {
  fetch: msg`Failed to load the messages`,
  retry: msg`Failed to send the message again`,
  sendNow: msg`Failed to send the message now`,
  settings: msg`Failed to load the message settings`,
  save: msg`Failed to save the message settings`,
  rotate: msg`Failed to make a new delivery-report address`,
};

/** The office's Messages screen: a day's messages (or one parent's), filtered and paged. */
export function useMessages(query: MessageListQuery) {
  return useQuery(
    getQueryOptions<MessageList>(messageKeys.list(query), `/admin/messages${toQueryString(query)}`, {
      placeholderData: keepPreviousData,
      refetchInterval: 60_000,
    }),
  );
}

/** Sends a failed message again; the lists (and the dashboard's panel) refetch. */
export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequestWithMessage<unknown>('POST', `/admin/messages/${encodeURIComponent(id)}/retry`),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: messageKeys.all }), queryClient.invalidateQueries({ queryKey: messageKeys.absenceAlerts })]),
  });
}

/** Sends a message the quiet hours hold at once (the office's choice); the lists refetch. */
export function useSendMessageNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequestWithMessage<unknown>('POST', `/admin/messages/${encodeURIComponent(id)}/send-now`),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: messageKeys.all }), queryClient.invalidateQueries({ queryKey: messageKeys.absenceAlerts })]),
  });
}

/** Settings → Messages: WhatsApp, SMS, the wait before SMS and quiet hours (credentials only as "set"). */
export function useMessagingSettings() {
  return useQuery(getQueryOptions<MessagingSettings>(messageKeys.settings, '/admin/settings/messaging', { staleTime: 0 }));
}

export function useSaveMessagingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MessagingSettingsInput) => apiRequestWithMessage<MessagingSettings>('PUT', '/admin/settings/messaging', input),
    onSuccess: ({ data }) => queryClient.setQueryData(messageKeys.settings, data),
  });
}

/**
 * A new token in MSG91's delivery-report address (issue 53): the old address stops working at once,
 * so the admin enters the new one in MSG91. Only the settings' answer changes (its webhookPath).
 */
export function useRotateMsg91Token() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequestWithMessage<MessagingSettings>('POST', '/admin/settings/messaging/msg91-webhook-token'),
    onSuccess: ({ data }) => queryClient.setQueryData(messageKeys.settings, data),
  });
}
