import { Button, Group } from '@mantine/core';
import { IconMicrophone, IconPlus, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import type { Lecture } from '@academy/shared/schemas/lectures';

/** "Add lecture" on the teacher's batch screen (decision 087). */
export function AddLectureLink({ batchId }: { batchId: string }) {
  const { t } = useLingui();
  return (
    <Button component={Link} to={`/app/teacher/batches/${encodeURIComponent(batchId)}/lectures/new`} size="sm" leftSection={<IconPlus size={16} aria-hidden="true" />}>
      {t`Add lecture`}
    </Button>
  );
}

/** A lecture waiting for its recording (or failed): record it in class, or upload a file. */
export function LectureUploadLinks({ lecture }: { lecture: Lecture }) {
  const { t } = useLingui();
  if (!lecture.canUpload) return null;
  const base = `/app/teacher/lectures/${encodeURIComponent(lecture._id)}`;
  return (
    <Group gap="xs">
      <Button component={Link} to={`${base}/upload`} variant="light" size="compact-sm" leftSection={<IconUpload size={14} aria-hidden="true" />}>
        {t`Upload`}
      </Button>
      <Button component={Link} to={`${base}/record`} variant="light" size="compact-sm" leftSection={<IconMicrophone size={14} aria-hidden="true" />}>
        {t`Record`}
      </Button>
    </Group>
  );
}
