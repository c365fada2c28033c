import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Parent } from '@academy/shared/schemas/parents';
import { ListView, type ListColumn } from '../../../components/list-kit';
import { StudentPhone } from '../../../components/ui/student-phone';
import { useRelationLabels } from '../relation-labels';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * Parents as cards at every width (a parent's children make rows too uneven for a table): name and
 * relation, the phone to tap, the email, and each child linking to the student's page.
 */
export function ParentListView({ parents }: { parents: Parent[] }) {
  const { t } = useLingui();
  const relationLabel = useRelationLabels();
  const columns: ListColumn<Parent>[] = [
    {
      key: 'name',
      header: t`Name`,
      card: 'title',
      cell: (parent) => (
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>{parent.name}</Text>
          <Badge variant="light" color="gray">
            {relationLabel(parent.relation)}
          </Badge>
          {/* A parent with only a phone is not invited (no mail reaches them): they sign in with a code sent to it. */}
          {parent.passwordSet || !parent.email ? null : (
            <Badge variant="light" color="orange">
              <Trans>Invited</Trans>
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'phone', header: t`Phone`, card: 'aside', cell: (parent) => <StudentPhone phone={parent.phone} label={parent.name} /> },
    {
      key: 'email',
      header: t`Email`,
      cell: (parent) => (
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {parent.email ?? <Trans>No email</Trans>}
          </Text>
          {/* Beside the contact details, where a card is widest: the title column beside the phone is too narrow for it. */}
          {parent.whatsappStopped ? (
            <Badge variant="light" color="red">
              <Trans>WhatsApp stopped</Trans>
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'children',
      header: t`Children`,
      cell: (parent) => (
        <Group gap="xs" wrap="wrap">
          <Text size="sm">{parent.children.length === 1 ? <Trans>Child:</Trans> : <Trans>Children:</Trans>}</Text>
          {parent.children.length === 0 ? (
            <Text size="sm" c="dimmed">
              <Trans>none linked</Trans>
            </Text>
          ) : (
            parent.children.map((child) => (
              <Anchor key={child._id} component={Link} to={`/app/students/${child._id}`} size="sm" fw={500}>
                {child.name}
              </Anchor>
            ))
          )}
        </Group>
      ),
    },
    {
      key: 'messages',
      header: t`Messages`,
      cell: (parent) => (
        <Anchor component={Link} to={`/app/messages?parentId=${encodeURIComponent(parent._id)}`} size="sm" aria-label={t`Messages to ${parent.name}`}>
          <Trans>Messages</Trans>
        </Anchor>
      ),
    },
  ];
  return <ListView rows={parents} columns={columns} label={t`Parents`} minWidth={720} layout="cards" />;
}
