import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from '../ui/load-error-alert';

/** What ListStates reads of a TanStack query. */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
  /** An earlier page or filter shown while the next one loads: dimmed. */
  isPlaceholderData?: boolean;
}

interface ListStatesProps {
  query: ListQuery;
  /** How many rows the list has now (0 shows `empty`). */
  count: number;
  errorTitle: string;
  /** The spec's text when the server gave none. */
  errorFallback: string | MessageDescriptor;
  /** Said when there is nothing to show (no records yet, or none matching the filters). */
  empty: ReactNode;
  /** The list itself (and its paging), shown once there are rows. */
  children: ReactNode;
}

/** A list's loading, error and empty states, then the list: the same four states on every admin list. */
export function ListStates({ query, count, errorTitle, errorFallback, empty, children }: ListStatesProps) {
  if (query.isPending) {
    return (
      <Stack gap="sm" aria-hidden="true">
        <Skeleton h={72} radius="md" />
        <Skeleton h={72} radius="md" />
        <Skeleton h={72} radius="md" />
      </Stack>
    );
  }
  // A failed refetch keeps the rows already shown (isError with data): only a list with nothing to show reports the failure.
  if (query.isError && count === 0) {
    return <LoadErrorAlert title={errorTitle} error={query.error} fallback={errorFallback} onRetry={() => void query.refetch()} />;
  }
  if (count === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Group justify="center">
          <Text c="dimmed" ta="center">
            {empty}
          </Text>
        </Group>
      </Paper>
    );
  }
  return (
    <Stack gap="md" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
      {children}
    </Stack>
  );
}
