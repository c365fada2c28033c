import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { formatDateTime } from '../../../lib/format-date';
import { CONVERSATION_FAILURES, useConversations } from '../../../features/conversations/api';

/**
 * Messages → Conversations (issue 60): one conversation per family on WhatsApp, newest first, with
 * what is unread and who waits for the office; a conversation opens with everything sent and received.
 */
export function Component() {
  const { t } = useLingui();
  const list = useConversations();
  const conversations = list.data?.conversations ?? [];
  return (
    <>
      <PageHeader
        title={t`Conversations`}
        description={t`Families’ WhatsApp messages: fees, classes, results and contact questions are answered by themselves; the rest waits for the office.`}
      />
      <Stack gap="sm">
        <Anchor component={Link} to="/app/messages" size="sm">
          <Trans>Back to messages</Trans>
        </Anchor>
        {list.isError ? (
          <LoadErrorAlert title={t`The conversations could not be loaded`} error={list.error} fallback={t(CONVERSATION_FAILURES.fetch)} onRetry={() => void list.refetch()} />
        ) : list.isPending ? (
          <Skeleton h={200} radius="md" aria-hidden="true" />
        ) : conversations.length === 0 ? (
          <Text c="dimmed">
            <Trans>No family has written on WhatsApp yet.</Trans>
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t`Conversations`}>
            {conversations.map((conversation) => (
              <Paper key={conversation._id} component="li" withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
                    <Anchor component={Link} to={`/app/messages/conversations/${conversation._id}`} fw={600}>
                      {conversation.parent.name}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      {conversation.parent.children.map((child) => child.name).join(', ')}
                    </Text>
                    {conversation.lastText ? (
                      <Text size="sm" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
                        {conversation.lastText}
                      </Text>
                    ) : null}
                  </Stack>
                  <Stack gap={4} align="flex-end">
                    <Text size="xs" c="dimmed">
                      {formatDateTime(conversation.lastMessageAt)}
                    </Text>
                    <Group gap={4}>
                      {conversation.unread > 0 ? <Badge color="blue">{t`${conversation.unread} unread`}</Badge> : null}
                      {conversation.waiting ? <Badge color="orange">{t`Waiting for the office`}</Badge> : null}
                      {conversation.assignedTo ? <Badge variant="light" color="gray">{conversation.assignedTo.name}</Badge> : null}
                    </Group>
                  </Stack>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </>
  );
}
