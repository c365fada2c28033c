import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../../lib/format-date';
import { useStudentOnlineTests } from '../api';

/**
 * The student's dashboard: the online tests open now and not yet submitted (issue 54: an open test showed only on
 * its own screen), each with when it closes and a way in. Nothing while there is none, or the list cannot load.
 */
export function OpenOnlineTestsCard() {
  const { t } = useLingui();
  const tests = useStudentOnlineTests();
  const open = (tests.data?.tests ?? []).filter((test) => test.phase === 'open' && !test.attempt?.submittedAt);
  if (open.length === 0) return null;
  return (
    <Alert color="indigo" variant="light" icon={<IconClipboardCheck aria-hidden="true" />} title={t`Online test open now`} data-testid="open-online-tests">
      <Stack gap="xs">
        {open.map((test) => (
          <Group key={test._id} justify="space-between" gap="xs" wrap="wrap">
            <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {test.title}
              </Text>
              <Text size="sm">
                <Trans>Closes {formatDateTime(test.closesAt)}</Trans>
              </Text>
            </Stack>
            <Button
              component={Link}
              to={test.attempt ? `/app/student/online-tests/attempts/${test.attempt._id}` : '/app/student/online-tests'}
              size="sm"
            >
              {test.attempt ? <Trans>Resume</Trans> : <Trans>Take the test</Trans>}
            </Button>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
