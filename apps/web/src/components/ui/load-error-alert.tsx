import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { MessageDescriptor } from '@lingui/core';
import { normalizeError } from '../../lib/api-client';
import { Trans } from '@lingui/react/macro';

interface LoadErrorAlertProps {
  title: string;
  error: unknown;
  /** The spec's text when the server gave none (e.g. "Failed to fetch subjects"), or its message descriptor. */
  fallback: string | MessageDescriptor;
  onRetry: () => void;
}

/** Where a screen's data could not be loaded: the reason and a way to try again. */
export function LoadErrorAlert({ title, error, fallback, onRetry }: LoadErrorAlertProps) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{normalizeError(error, fallback).message}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}
