import { Skeleton, Stack } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import type { ReactNode } from 'react';
import { LoadErrorAlert } from './load-error-alert';

/** What QueryStates reads of a TanStack query. */
interface LoadingQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => Promise<unknown>;
}

export interface QueryStatesProps<T> {
  query: LoadingQuery<T>;
  /**
   * The grey blocks shown while it loads, where the content will be: one block of this height, or a
   * column of blocks of these heights (a list of cards).
   */
  skeleton: number | number[];
  errorTitle: string;
  /** The spec's text when the server gave none. */
  errorFallback: string | MessageDescriptor;
  /** The content, once the data is there. */
  children: (data: T) => ReactNode;
}

/**
 * A section's three states, the same on every screen: grey blocks while it loads (hidden from screen
 * readers), the reason and "Try again" when it failed, then the content. Lists with paging and an
 * empty state use the list kit's ListStates; a record's whole screen uses DetailPage.
 */
export function QueryStates<T>({ query, skeleton, errorTitle, errorFallback, children }: QueryStatesProps<T>) {
  if (query.isPending) {
    return typeof skeleton === 'number' ? (
      <Skeleton h={skeleton} radius="md" aria-hidden="true" />
    ) : (
      <Stack gap="sm" aria-hidden="true">
        {skeleton.map((height, index) => (
          <Skeleton key={index} h={height} radius="md" />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return <LoadErrorAlert title={errorTitle} error={query.error} fallback={errorFallback} onRetry={() => void query.refetch()} />;
  }
  // Neither pending nor failed: the query succeeded, so its data is there.
  return children(query.data as T);
}
