import { Anchor, Badge, Button, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useState } from 'react';
import type { AuditEntry } from '@academy/shared/schemas/audit-log';
import { formatDateTime } from '../../../lib/format-date';
import { displayValue, entityLabel, fieldLabel } from '../audit-display';
import { useRoleLabel } from '../role-label';
import { Trans, useLingui } from '@lingui/react/macro';

interface AuditEntryListProps {
  entries: readonly AuditEntry[];
  /** Filters the Activity screen by this person (the name becomes a button). */
  onActorClick?: (actorId: string) => void;
  /** Hides the record type badge (a History panel shows one record's entries). */
  hideEntityType?: boolean;
}

function EntryCard({ entry, onActorClick, hideEntityType }: { entry: AuditEntry } & Omit<AuditEntryListProps, 'entries'>) {
  const { t } = useLingui();
  const roleLabel = useRoleLabel();
  const [open, setOpen] = useState(false);
  const changes = Object.entries(entry.changes ?? {});
  const who = entry.actor ? `${entry.actor.name} (${roleLabel(entry.actor.role)})` : t`Visitor or system`;
  const count = changes.length;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="audit-entry">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            {formatDateTime(entry.at)}
          </Text>
          {hideEntityType ? null : (
            <Badge variant="light" size="sm">
              {entityLabel(entry.entityType)}
            </Badge>
          )}
        </Group>
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {entry.summary}
        </Text>
        <Text size="sm">
          <Trans>
            By{' '}
            {entry.actor && onActorClick ? (
              <Anchor component="button" type="button" size="sm" onClick={() => onActorClick(entry.actor!._id)}>
                {who}
              </Anchor>
            ) : (
              who
            )}
          </Trans>
        </Text>
        {changes.length > 0 ? (
          <>
            <Button
              variant="subtle"
              size="compact-sm"
              px={0}
              style={{ alignSelf: 'flex-start' }}
              aria-expanded={open}
              rightSection={open ? <IconChevronUp size={16} aria-hidden="true" /> : <IconChevronDown size={16} aria-hidden="true" />}
              onClick={() => setOpen((value) => !value)}
            >
              {open ? t`Hide changes` : t`Show changes (${count})`}
            </Button>
            <Collapse expanded={open}>
              <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {changes.map(([field, change]) => (
                  <Text key={field} size="sm" component="li" style={{ overflowWrap: 'anywhere' }}>
                    <Text span fw={600}>
                      {fieldLabel(field)}:
                    </Text>{' '}
                    {displayValue(change.old)} → {displayValue(change.new)}
                  </Text>
                ))}
              </Stack>
            </Collapse>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Audit entries, newest first: when, who, what, and the changed fields (old → new) on demand. */
export function AuditEntryList({ entries, onActorClick, hideEntityType }: AuditEntryListProps) {
  return (
    <Stack gap="sm">
      {entries.map((entry) => (
        <EntryCard key={entry._id} entry={entry} onActorClick={onActorClick} hideEntityType={hideEntityType} />
      ))}
    </Stack>
  );
}
