import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { MessageDescriptor } from '@lingui/core';
import { normalizeError } from '../../lib/api-client';

/** Why a form's request failed, in the server's words (else `fallback`), above its fields. */
export function RequestErrorAlert({ error, fallback }: { error: unknown; fallback?: string | MessageDescriptor }) {
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
      {normalizeError(error, fallback).message}
    </Alert>
  );
}
