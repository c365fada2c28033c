import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconNotebook } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../../lib/format-date';
import { useStudentHomework } from '../api';

/** The student's dashboard: the homework due next that is still to hand in (or to redo). Nothing when none. */
export function DueNextHomeworkCard() {
  const { t } = useLingui();
  const homework = useStudentHomework();
  const open = (homework.data?.homework ?? []).filter((item) => item.status === 'pending' || item.status === 'redo');
  const next = [...open].sort((a, b) => Date.parse(a.dueAt) - Date.parse(b.dueAt))[0];
  if (!next) return null;
  return (
    <Alert color="teal" variant="light" icon={<IconNotebook aria-hidden="true" />} title={t`Homework due next`} data-testid="homework-due-next">
      <Stack gap={6} align="flex-start">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {next.title}
        </Text>
        <Text size="sm">
          <Trans context="homework">Due {formatDateTime(next.dueAt)}</Trans>
          {open.length > 1 ? ` · ${t`${open.length - 1} more to do`}` : ''}
        </Text>
        <Button component={Link} to={`/app/student/homework/${encodeURIComponent(next._id)}`} size="sm">
          <Trans>Open homework</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}
