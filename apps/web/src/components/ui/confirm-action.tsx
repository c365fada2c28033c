import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { ApiResult } from '../../lib/api-client';
import { showNotSaved, showSaved } from './save-notices';
import { modals } from '../../lib/modals';

/** A mutation as the confirm dialog runs it (TanStack Query's `mutate`, answered with the server's message). */
type ConfirmedMutation<TVariables> = {
  mutate: (variables: TVariables, callbacks: { onSuccess: (result: ApiResult<unknown>) => void; onError: (error: unknown) => void }) => void;
};

export type ConfirmActionOptions<TVariables> = {
  /** The dialog's title, e.g. "Delete batch". */
  title: string;
  /** What will happen, the dialog's text (a sentence or two; a long name in it wraps). */
  body: ReactNode;
  /** Controls under the text, e.g. a checkbox that adds to the change. */
  more?: ReactNode;
  /** The red button's word, e.g. "Archive", "Unlink"; "Delete" unless said. */
  confirmLabel?: string;
  mutation: ConfirmedMutation<TVariables>;
  variables: TVariables;
  /** The notification once done: its title, and its message when the server gives none. */
  done: { title: string; message: ReactNode };
  /** The notification when refused: its title, and its message when the server gives none. */
  failed: { title: string; message: string | MessageDescriptor };
  onDone?: () => void;
};

/**
 * Asks before a change that cannot be taken back (delete, archive, unlink, remove), then makes it and
 * says how it went. Every such dialog of the app looks and behaves the same way (red confirm button,
 * a teal notification when done, a red one with the server's reason when refused); the feature gives
 * only the words and the mutation.
 */
export function useConfirmAction() {
  const { t } = useLingui();
  return <TVariables,>({ title, body, more, confirmLabel = t`Delete`, mutation, variables, done, failed, onDone }: ConfirmActionOptions<TVariables>) => {
    const text = (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {body}
      </Text>
    );
    modals.openConfirmModal({
      title,
      centered: true,
      children: more ? (
        <Stack gap="sm">
          {text}
          {more}
        </Stack>
      ) : (
        text
      ),
      labels: { confirm: confirmLabel, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        mutation.mutate(variables, {
          onSuccess: ({ message }) => {
            showSaved(done.title, message ?? done.message);
            onDone?.();
          },
          onError: (error) => {
            showNotSaved(failed.title, error, failed.message);
          },
        }),
    });
  };
}

/**
 * `useConfirmAction` for one kind of record, the mutation taking the record's id: returns what a list
 * or a detail screen calls with the record. The feature gives the mutation and, for a record, the words.
 */
export function useConfirmRecordAction<TRecord extends { _id: string }>(
  mutation: ConfirmedMutation<string>,
  words: (record: TRecord) => Omit<ConfirmActionOptions<string>, 'mutation' | 'variables'>,
) {
  const confirm = useConfirmAction();
  return (record: TRecord) => confirm({ ...words(record), mutation, variables: record._id });
}
