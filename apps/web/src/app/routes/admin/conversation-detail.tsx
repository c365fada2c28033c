import { useState } from 'react';
import { ActionIcon, Alert, Anchor, Badge, Button, Group, Paper, Select, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ConversationMessage } from '@academy/shared/schemas/conversations';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { normalizeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { formatPhone } from '../../../lib/phone';
import { CONVERSATION_FAILURES, useConversation, useCreateQuickReply, useDeleteQuickReply, useQuickReplies, useReply, useTemplateReply, useUpdateConversation } from '../../../features/conversations/api';

/** One message as a bubble: the family's on the left, the academy's on the right. */
function Bubble({ message }: { message: ConversationMessage }) {
  const { t } = useLingui();
  const ours = message.direction === 'out';
  const who = ours ? (message.sentBy?.name ?? (message.kind === 'reply' ? t`Office` : t`Answered automatically`)) : t`Family`;
  return (
    <Paper withBorder radius="md" p="xs" maw="85%" ml={ours ? 'auto' : undefined} bg={ours ? 'var(--mantine-color-green-light)' : undefined}>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.text}
      </Text>
      <Text size="xs" c="dimmed">
        {who} · {formatDateTime(message.createdAt)}
        {message.kind === 'template' ? ` · ${t`Template message`}` : ''}
        {message.status === 'queued' ? ` · ${t`Sending`}` : ''}
        {message.status === 'failed' ? ` · ${t`Not sent`}${message.error ? `: ${message.error}` : ''}` : ''}
      </Text>
    </Paper>
  );
}

type ConversationData = NonNullable<ReturnType<typeof useConversation>['data']>;

/**
 * One family's conversation (issue 60): everything sent and received, a reply in free text while
 * WhatsApp's 24-hour window is open (afterwards the same words go as the academy's approved template), the
 * academy's quick replies, who looks after it and a note only staff see. Replies are audited.
 */
export function Component() {
  const { id = '' } = useParams();
  const { t } = useLingui();
  const conversation = useConversation(id);
  const data = conversation.data;

  if (conversation.isError) return <LoadErrorAlert title={t`The conversation could not be loaded`} error={conversation.error} fallback={t(CONVERSATION_FAILURES.fetch)} onRetry={() => void conversation.refetch()} />;
  if (!data) return <Skeleton h={300} radius="md" aria-hidden="true" />;
  const { parent } = data.conversation;

  return (
    <>
      <PageHeader title={parent.name} description={[parent.phone ? formatPhone(parent.phone) : null, parent.children.map((child) => child.name).join(', ')].filter(Boolean).join(' · ')} />
      <Stack gap="md">
        <Anchor component={Link} to="/app/messages/conversations" size="sm">
          <Trans>All conversations</Trans>
        </Anchor>
        <Paper withBorder radius="md" p="sm" component="section" aria-label={t`Messages`}>
          <Stack gap="xs">
            {data.messages.map((message) => (
              <Bubble key={message._id} message={message} />
            ))}
          </Stack>
        </Paper>

        <ReplySection id={id} data={data} />

        <StaffSection id={id} data={data} />
      </Stack>
    </>
  );
}

/** A reply in free text while the window is open, else as the approved template; the quick replies to start from. */
function ReplySection({ id, data }: { id: string; data: ConversationData }) {
  const { t } = useLingui();
  const reply = useReply(id);
  const templateReply = useTemplateReply(id);
  const createQuickReply = useCreateQuickReply();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = () =>
    (data.conversation.windowOpen ? reply : templateReply).mutate(text, {
      onSuccess: () => {
        setText('');
        setError(undefined);
      },
      onError: (failure) => setError(normalizeError(failure, t(CONVERSATION_FAILURES.reply)).message),
    });
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="reply-title">
      <Stack gap="xs">
        <Title order={2} size="h5" id="reply-title">
          <Trans>Reply</Trans>
        </Title>
        {data.conversation.windowOpen ? null : (
          <Alert color="yellow" title={t`The 24-hour window has closed`}>
            <Trans>WhatsApp allows free text only within 24 hours of the family’s last message. Your words can go as an approved template message instead; the family’s reply opens the window again.</Trans>
          </Alert>
        )}
        <QuickReplies onChoose={setText} />
        <Textarea label={t`Your reply`} autosize minRows={2} maxLength={1000} value={text} onChange={(event) => setText(event.currentTarget.value)} error={error} />
        <Group gap="xs" wrap="wrap">
          {data.conversation.windowOpen ? (
            <Button onClick={send} loading={reply.isPending}>
              <Trans>Send on WhatsApp</Trans>
            </Button>
          ) : (
            <Button onClick={send} loading={templateReply.isPending}>
              <Trans>Send as template message</Trans>
            </Button>
          )}
          <Button
            variant="default"
            disabled={text.trim() === ''}
            loading={createQuickReply.isPending}
            onClick={() => createQuickReply.mutate(text.trim(), { onError: (failure) => setError(normalizeError(failure, t(CONVERSATION_FAILURES.quickReply)).message) })}
          >
            <Trans>Save as a quick reply</Trans>
          </Button>
        </Group>
        {data.conversation.windowOpen && data.conversation.windowEndsAt ? (
          <Text size="xs" c="dimmed">
            {t`Free text can be sent until ${formatDateTime(data.conversation.windowEndsAt)}.`}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The academy's saved replies: a tap puts one in the reply box. */
function QuickReplies({ onChoose }: { onChoose: (text: string) => void }) {
  const { t } = useLingui();
  const quickReplies = useQuickReplies();
  const deleteQuickReply = useDeleteQuickReply();
  return quickReplies.data && quickReplies.data.quickReplies.length > 0 ? (
    <Group gap={6} wrap="wrap" aria-label={t`Quick replies`}>
      {quickReplies.data.quickReplies.map((quick) => (
        <Group key={quick._id} gap={0} wrap="nowrap">
          <Button size="compact-sm" variant="light" onClick={() => onChoose(quick.text)}>
            {quick.text.length > 40 ? `${quick.text.slice(0, 40)}…` : quick.text}
          </Button>
          <ActionIcon size="sm" variant="subtle" color="gray" aria-label={t`Remove the quick reply`} onClick={() => deleteQuickReply.mutate(quick._id)}>
            <IconTrash size={14} aria-hidden="true" />
          </ActionIcon>
        </Group>
      ))}
    </Group>
  ) : null;
}

/** Who looks after the conversation and the office's note: for staff only. */
function StaffSection({ id, data }: { id: string; data: ConversationData }) {
  const { t } = useLingui();
  const update = useUpdateConversation(id);
  const [note, setNote] = useState<string | undefined>();
  const saved = { onError: (failure: unknown) => notifications.show({ title: t`Not saved`, message: normalizeError(failure, t(CONVERSATION_FAILURES.save)).message, color: 'red' }) };
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="staff-title">
      <Stack gap="xs">
        <Title order={2} size="h5" id="staff-title">
          <Trans>For the office</Trans> <Badge variant="light" color="gray">{t`Staff only`}</Badge>
        </Title>
        <Select
          label={t`Looked after by`}
          placeholder={t`Anyone in the office`}
          clearable
          data={data.staff.map((member) => ({ value: member._id, label: member.name }))}
          value={data.conversation.assignedTo?._id ?? null}
          onChange={(value) => update.mutate({ assignedTo: value }, saved)}
        />
        <Textarea label={t`Note (staff only)`} autosize minRows={2} maxLength={2000} value={note ?? data.conversation.note} onChange={(event) => setNote(event.currentTarget.value)} />
        <Group>
          <Button variant="default" disabled={note === undefined || note === data.conversation.note} loading={update.isPending} onClick={() => update.mutate({ note: note ?? '' }, saved)}>
            <Trans>Save note</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
