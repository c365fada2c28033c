import { Skeleton, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { HOMEWORK_MESSAGES } from '@academy/shared/schemas/homework';
import type { ParentChild } from '@academy/shared/schemas/parents';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useChildHomework } from '../../../features/homework/api';
import { HomeworkList } from '../../../features/homework/components/homework-list';
import { ChildScreen } from './child-screen';

/** A child's homework for their parent (issue 59): pending, late and checked, with the teacher's comments. */
export function Component() {
  const { t } = useLingui();
  return <ChildScreen title={t`Homework`} description={t`Your child's homework: what is pending or late, and what the teacher checked, with their comments.`}>{(child) => <ChildHomework child={child} />}</ChildScreen>;
}

function ChildHomework({ child }: { child: ParentChild }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const list = useChildHomework(child._id);
  if (list.isPending) return <Skeleton h={200} radius="md" aria-hidden="true" />;
  if (list.isError) return <LoadErrorAlert title={t`The homework could not be loaded`} error={list.error} fallback={HOMEWORK_MESSAGES.notFound} onRetry={() => void list.refetch()} />;
  if (list.data.homework.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg">
        <Trans>No homework yet.</Trans>
      </Text>
    );
  return <HomeworkList items={list.data.homework} onOpen={(id) => void navigate(`/app/parent/homework/${encodeURIComponent(id)}`)} />;
}
