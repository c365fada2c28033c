import { Skeleton, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { HOMEWORK_MESSAGES } from '@academy/shared/schemas/homework';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { useStudentHomework } from '../../../features/homework/api';
import { HandInOutboxPanel } from '../../../features/homework/components/hand-in-outbox';
import { HomeworkList } from '../../../features/homework/components/homework-list';

/** The student's homework (issue 59): what is set, due when, where it stands; each opens at its own address (issue 73). */
export function Component() {
  const { t } = useLingui();
  const list = useStudentHomework();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t`Homework`} description={t`Homework from your teachers. Open one to read it and hand in photos of your pages.`} />
      <HandInOutboxPanel />
      {list.isPending ? (
        <Skeleton h={200} radius="md" aria-hidden="true" />
      ) : list.isError ? (
        <LoadErrorAlert title={t`Your homework could not be loaded`} error={list.error} fallback={HOMEWORK_MESSAGES.notFound} onRetry={() => void list.refetch()} />
      ) : list.data.homework.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          <Trans>No homework yet. When a teacher sets homework for your batch, it appears here.</Trans>
        </Text>
      ) : (
        <HomeworkList items={list.data.homework} onOpen={(id) => void navigate(`/app/student/homework/${encodeURIComponent(id)}`)} />
      )}
    </>
  );
}
