import { Badge, Button, Card, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconRestore, IconTrash } from '@tabler/icons-react';
import type { BackupSummary } from '@academy/shared/schemas/backups';
import { backupDownloadUrl } from '../api';
import { formatDateTime } from '../../../lib/format-date';
import { contentsText, formatBytes, KIND_LABELS, OFFSITE_LABELS } from '../backup-display';
import { Trans, useLingui } from '@lingui/react/macro';
import { translateServerText } from '../../../lib/server-text';
import { TableHead } from '../../../components/ui/table-head';
import { TableScroll } from '../../../components/ui/table-scroll';

interface BackupListProps {
  backups: BackupSummary[];
  busy: boolean;
  onRestore: (backup: BackupSummary) => void;
  onDelete: (backup: BackupSummary) => void;
}

const KIND_COLORS = { manual: 'blue', automatic: 'teal', uploaded: 'grape' } as const;
const OFFSITE_COLORS = { pending: 'gray', uploaded: 'teal', failed: 'red' } as const;

/** Its copy in the bucket (issue 52): copied, waiting, or failed with the reason; a dash when it is not meant to go. */
function OffsiteState({ backup }: { backup: BackupSummary }) {
  const { t, i18n } = useLingui();
  const offsite = backup.offsite;
  if (!offsite) {
    return (
      <Text size="sm" c="dimmed" aria-label={t`Not copied off the machine`}>
        —
      </Text>
    );
  }
  const uploadedAt = offsite.uploadedAt ? formatDateTime(offsite.uploadedAt) : null;
  const badge = (
    <Badge color={OFFSITE_COLORS[offsite.status]} variant="light" style={{ overflow: 'visible' }}>
      {i18n._(OFFSITE_LABELS[offsite.status])}
    </Badge>
  );
  // A waiting copy may say why too (its copy was gone from the bucket, issue 71).
  return (offsite.status === 'failed' || offsite.status === 'pending') && offsite.error ? (
    <Stack gap={2}>
      {badge}
      <Text size="xs" c={offsite.status === 'failed' ? 'red.8' : 'dimmed'}>
        {translateServerText(offsite.error)}
      </Text>
    </Stack>
  ) : uploadedAt ? (
    <Tooltip label={t`Copied ${uploadedAt}`}>{badge}</Tooltip>
  ) : (
    badge
  );
}

function Actions({ backup, busy, onRestore, onDelete, inTable = false }: { backup: BackupSummary; inTable?: boolean } & Omit<BackupListProps, 'backups'>) {
  const { t } = useLingui();
  const when = formatDateTime(backup.createdAt);
  return (
    <Group gap="xs" wrap={inTable ? 'nowrap' : 'wrap'} justify="flex-end">
      <Button component="a" href={backupDownloadUrl(backup.name)} download={backup.name} size="xs" variant="light" leftSection={<IconDownload size={16} aria-hidden="true" />} aria-label={t`Download the backup of ${when}`}>
        <Trans>Download</Trans>
      </Button>
      <Button size="xs" variant="light" color="orange" disabled={busy || !backup.readable} leftSection={<IconRestore size={16} aria-hidden="true" />} onClick={() => onRestore(backup)} aria-label={t`Restore the backup of ${when}`}>
        <Trans>Restore</Trans>
      </Button>
      <Button size="xs" variant="subtle" color="red" disabled={busy} leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => onDelete(backup)} aria-label={t`Delete the backup of ${when}`}>
        <Trans>Delete</Trans>
      </Button>
    </Group>
  );
}

/** Backups, newest first: a table on wide screens, cards on phones. */
export function BackupList(props: BackupListProps) {
  const { t, i18n } = useLingui();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const { backups } = props;

  if (!wide) {
    return (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Backups`}>
        {backups.map((backup) => (
          <Card key={backup.name} component="li" withBorder radius="md" padding="md">
            <Stack gap={6}>
              <Group justify="space-between" gap="xs">
                <Text fw={600}>{formatDateTime(backup.createdAt)}</Text>
                <Badge color={KIND_COLORS[backup.kind]} variant="light">
                  {i18n._(KIND_LABELS[backup.kind])}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {formatBytes(backup.sizeBytes)} · {contentsText(backup)}
              </Text>
              {backup.offsite ? (
                <Group gap="xs">
                  <Text size="sm">
                    <Trans>Off the machine:</Trans>
                  </Text>
                  <OffsiteState backup={backup} />
                </Group>
              ) : null}
              <Actions backup={backup} {...props} />
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <TableScroll minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t`Backups`}>
        <TableHead
          headings={[
            { label: <Trans>Made</Trans> },
            { label: <Trans>Kind</Trans> },
            { label: <Trans>Size</Trans> },
            { label: <Trans>Contents</Trans> },
            { label: <Trans>Off the machine</Trans> },
            {
              label: (
                <VisuallyHidden>
                  <Trans>Actions</Trans>
                </VisuallyHidden>
              ),
            },
          ]}
        />
        <Table.Tbody>
          {backups.map((backup) => (
            <Table.Tr key={backup.name}>
              <Table.Td style={{ whiteSpace: 'nowrap' }} fw={600}>
                {formatDateTime(backup.createdAt)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} miw={120}>
                <Badge color={KIND_COLORS[backup.kind]} variant="light" style={{ overflow: 'visible' }}>
                  {i18n._(KIND_LABELS[backup.kind])}
                </Badge>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatBytes(backup.sizeBytes)}</Table.Td>
              <Table.Td maw={320}>
                <Text size="sm">{contentsText(backup)}</Text>
              </Table.Td>
              <Table.Td maw={220}>
                <OffsiteState backup={backup} />
              </Table.Td>
              <Table.Td>
                <Actions backup={backup} {...props} inTable />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
