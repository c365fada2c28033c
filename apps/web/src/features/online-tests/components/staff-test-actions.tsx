import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { OnlineTest } from '@academy/shared/schemas/online-tests';
import { normalizeError } from '../../../lib/api-client';
import { modals } from '../../../lib/modals';
import { STAFF_ONLINE_TEST_FAILURES, useDeleteOnlineTest, usePublishOnlineTest } from '../staff-api';
import { windowText } from './staff-test-status';

type Paper = Pick<OnlineTest, '_id' | 'title' | 'opensAt' | 'closesAt' | 'questionCount' | 'batches'>;

/** Asks before publishing (students and their parents are told, and the paper can no longer change), then publishes. */
export function useConfirmPublishTest() {
  const { t, i18n } = useLingui();
  const publish = usePublishOnlineTest();
  return (test: Paper) => {
    const batches = test.batches.map((batch) => batch.name).join(', ');
    const window = windowText(test);
    modals.openConfirmModal({
      title: t`Publish the online test`,
      centered: true,
      children: (
        <Stack gap="xs">
          <Text size="sm">
            <Trans>
              Publish <strong>{test.title}</strong> for {batches}? The students of these batches and their parents will be told now, and the students can take it from {window}.
            </Trans>
          </Text>
          <Text size="sm">{plural(test.questionCount, { one: 'The paper has # question.', other: 'The paper has # questions.' })}</Text>
          <Text size="sm" c="dimmed">
            <Trans>Once published, the paper cannot be changed or deleted.</Trans>
          </Text>
        </Stack>
      ),
      labels: { confirm: t`Publish`, cancel: t`Cancel` },
      onConfirm: () =>
        publish.mutate(test._id, {
          onSuccess: ({ message }) => notifications.show({ title: t`Online test published`, message: message ?? test.title, color: 'teal' }),
          onError: (error) => notifications.show({ title: i18n._(STAFF_ONLINE_TEST_FAILURES.publish), message: normalizeError(error, STAFF_ONLINE_TEST_FAILURES.publish).message, color: 'red' }),
        }),
    });
  };
}

/** Asks before deleting a draft, then deletes it. */
export function useConfirmDeleteTest(onDeleted?: () => void) {
  const { t, i18n } = useLingui();
  const remove = useDeleteOnlineTest();
  return (test: Pick<OnlineTest, '_id' | 'title'>) =>
    modals.openConfirmModal({
      title: t`Delete the online test`,
      centered: true,
      children: (
        <Text size="sm">
          <Trans>
            Delete the draft <strong>{test.title}</strong>? Its questions stay in the question bank. This cannot be undone.
          </Trans>
        </Text>
      ),
      labels: { confirm: t`Delete`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(test._id, {
          onSuccess: ({ message }) => {
            notifications.show({ title: t`Online test deleted`, message: message ?? test.title, color: 'teal' });
            onDeleted?.();
          },
          onError: (error) => notifications.show({ title: i18n._(STAFF_ONLINE_TEST_FAILURES.delete), message: normalizeError(error, STAFF_ONLINE_TEST_FAILURES.delete).message, color: 'red' }),
        }),
    });
}
