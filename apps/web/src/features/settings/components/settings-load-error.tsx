import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { normalizeError } from '../../../lib/api-client';
import { Trans, useLingui } from '@lingui/react/macro';

/** Shown where the academy's details could not be loaded, with a way to try again. */
export function SettingsLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title={t`The academy's details could not be loaded`}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{normalizeError(error).message}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}
