import { Anchor, Group, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { MessageDescriptor } from '@lingui/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../ui/load-error-alert';
import { PageHeader } from '../ui/page-header';

/** What DetailPage reads of a TanStack query for one record. */
export interface RecordQuery<Record> {
  data: Record | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

export interface DetailPageProps<Record> {
  query: RecordQuery<Record>;
  title: string;
  /** The line under the title, once the record is here (its name, say). */
  description?: (record: Record) => ReactNode;
  /** A link back to the list ("All subjects"), above the sections. */
  back?: { to: string; label: string };
  /** The record's buttons beside the title (Edit, Delete…), shown once it is here. */
  actions?: (record: Record) => ReactNode;
  errorTitle: string;
  /** The spec's text when the server gave none. */
  errorFallback: string | MessageDescriptor;
  /** The loading placeholder's height, about the first section's. */
  skeletonHeight?: number;
  /** A narrower page for records with few fields. */
  maw?: number;
  /** The sections (SectionCard), given the loaded record. */
  children: (record: Record) => ReactNode;
}

/** The frame of every admin detail and edit page: title and actions, a back link, then loading, error or the sections (or the form). */
export function DetailPage<Record>({ query, title, description, back, actions, errorTitle, errorFallback, skeletonHeight = 240, maw, children }: DetailPageProps<Record>) {
  const record = query.data;
  return (
    <>
      <PageHeader title={title} description={record && description ? description(record) : undefined} actions={record && actions ? actions(record) : null} />
      <Stack gap="lg" maw={maw}>
        {back ? (
          <Anchor component={Link} to={back.to} size="sm">
            <Group gap={4}>
              <IconArrowLeft size={16} aria-hidden="true" />
              {back.label}
            </Group>
          </Anchor>
        ) : null}
        {query.isPending ? (
          <Skeleton h={skeletonHeight} radius="md" aria-hidden="true" />
        ) : record === undefined ? (
          <LoadErrorAlert title={errorTitle} error={query.error} fallback={errorFallback} onRetry={() => void query.refetch()} />
        ) : (
          children(record)
        )}
      </Stack>
    </>
  );
}
