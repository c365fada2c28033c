import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversationDetail, ConversationSummary, ConversationUpdateInput, QuickReply } from '@academy/shared/schemas/conversations';
import { msg } from '@lingui/core/macro';
import { apiRequest, apiRequestWithMessage } from '../../lib/api-client';
import { adminDashboardKeys, conversationKeys } from '../../lib/query-keys';
import { getQueryOptions } from '../../lib/get-query-options';

/** Shown when a request fails without the server's words (offline, a proxy's error). */
export const CONVERSATION_FAILURES = {
  fetch: msg`Failed to load the conversations`,
  reply: msg`Failed to send the reply`,
  save: msg`Failed to save the conversation`,
  quickReply: msg`Failed to save the quick reply`,
};

/** The inbox: one conversation per family, newest first; refreshed every half minute while open. */
export function useConversations() {
  return useQuery(getQueryOptions<{ conversations: ConversationSummary[] }>(conversationKeys.list, '/admin/conversations', { refetchInterval: 30_000 }));
}

/** One conversation (opening it reads it: the list's unread count refetches). */
export function useConversation(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: conversationKeys.detail(id),
    queryFn: async ({ signal }) => {
      const detail = await apiRequest<ConversationDetail>('GET', `/admin/conversations/${encodeURIComponent(id)}`, undefined, { signal });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list });
      return detail;
    },
    refetchInterval: 15_000,
  });
}

function useRefresh(id: string) {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: conversationKeys.detail(id) }), queryClient.invalidateQueries({ queryKey: conversationKeys.list }), queryClient.invalidateQueries({ queryKey: adminDashboardKeys.summary })]);
}

export function useReply(id: string) {
  const refresh = useRefresh(id);
  return useMutation({ mutationFn: (text: string) => apiRequestWithMessage<{ _id: string }>('POST', `/admin/conversations/${encodeURIComponent(id)}/messages`, { text }), onSuccess: refresh });
}

/** After the 24-hour window: the same words as the academy's approved template, through the family outbox. */
export function useTemplateReply(id: string) {
  const refresh = useRefresh(id);
  return useMutation({ mutationFn: (text: string) => apiRequestWithMessage<{ _id: string }>('POST', `/admin/conversations/${encodeURIComponent(id)}/template-messages`, { text }), onSuccess: refresh });
}

export function useUpdateConversation(id: string) {
  const refresh = useRefresh(id);
  return useMutation({ mutationFn: (input: ConversationUpdateInput) => apiRequestWithMessage<unknown>('PATCH', `/admin/conversations/${encodeURIComponent(id)}`, input), onSuccess: refresh });
}

export function useQuickReplies() {
  return useQuery({ queryKey: conversationKeys.quickReplies, queryFn: ({ signal }) => apiRequest<{ quickReplies: QuickReply[] }>('GET', '/admin/quick-replies', undefined, { signal }) });
}

export function useCreateQuickReply() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (text: string) => apiRequestWithMessage<QuickReply>('POST', '/admin/quick-replies', { text }), onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.quickReplies }) });
}

export function useDeleteQuickReply() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: string) => apiRequest<unknown>('DELETE', `/admin/quick-replies/${encodeURIComponent(id)}`), onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.quickReplies }) });
}
