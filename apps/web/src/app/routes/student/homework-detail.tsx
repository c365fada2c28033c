import { Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { HomeworkDetail } from '@academy/shared/schemas/homework';
import { FamilyHomeworkDetail } from '../../../features/homework/components/family-homework-detail';
import { HandInForm } from '../../../features/homework/components/hand-in-form';
import { HomeworkStatusBadge } from '../../../features/homework/components/homework-status';
import { HomeworkPhotos } from '../../../features/homework/components/photo-viewer';
import { formatDateTime } from '../../../lib/format-date';

/** One homework for the student, at its own address (issue 73): read it, see the pages handed in (full screen on a tap), hand in. */
export function Component() {
  return (
    <FamilyHomeworkDetail listPath="/app/student/homework" alwaysShowBody>
      {(data, id) => <YourWork data={data} id={id} />}
    </FamilyHomeworkDetail>
  );
}

function YourWork({ data, id }: { data: HomeworkDetail; id: string }) {
  const { t } = useLingui();
  const submission = data.submission;
  const status = data.status;
  return (
    <>
      <Stack gap="xs">
        <Title order={2} size="h4">
          <Trans>Your work</Trans>
        </Title>
        <div>
          <HomeworkStatusBadge status={status} late={submission?.late} />
        </div>
        {submission?.comment ? (
          <Text style={{ overflowWrap: 'anywhere' }}>
            <Trans>Teacher: {submission.comment}</Trans>
          </Text>
        ) : null}
        {submission && submission.status !== 'redo' && data.handIn ? (
          <Text size="sm" c="dimmed">
            <Trans>Handed in {formatDateTime(submission.submittedAt)}, {submission.pages.length} pages.</Trans>
          </Text>
        ) : null}
        {submission && submission.pages.length > 0 ? <HomeworkPhotos files={submission.pages} label={(_page, index) => t`Your page ${index + 1}`} /> : null}
        {submission?.pagesRemovedAt ? (
          <Text size="sm" c="dimmed" data-testid="pages-removed">
            <Trans>Pages removed: the academy keeps pages for one term.</Trans>
          </Text>
        ) : null}
      </Stack>
      {!data.handIn ? (
        <Text c="dimmed">
          <Trans>This homework is done in class: nothing to hand in here.</Trans>
        </Text>
      ) : submission?.status === 'done' ? null : (
        <HandInForm homeworkId={id} title={data.title} />
      )}
    </>
  );
}
