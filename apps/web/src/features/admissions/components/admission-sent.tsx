import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalizedPath } from '../../../lib/use-localized-path';

/** The application sent: the academy's message and the reference to keep (the alert takes focus). */
export function AdmissionSent({ done, alertRef }: { done: { message: string; reference: string }; alertRef: RefObject<HTMLDivElement | null> }) {
  const { t } = useLingui();
  const lp = useLocalizedPath();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={720}>
      <Stack gap="md" align="flex-start">
        <Alert ref={alertRef} tabIndex={-1} color="teal" variant="light" icon={<IconCircleCheck size={22} aria-hidden="true" />} title={t`Application sent`} role="status" w="100%">
          <Stack gap="xs">
            <Text size="sm">{done.message}</Text>
            <Text size="sm">
              <Trans>
                Your reference number is <strong>{done.reference}</strong>. Please keep it, and say it when you call or visit the office.
              </Trans>
            </Text>
          </Stack>
        </Alert>
        <Button component={Link} to={lp('/')} variant="light">
          <Trans>Back to Home</Trans>
        </Button>
      </Stack>
    </Paper>
  );
}
