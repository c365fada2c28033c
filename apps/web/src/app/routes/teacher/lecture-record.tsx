import { Alert, Skeleton } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { SectionCard } from '../../../components/ui/section-card';
import { useLecture } from '../../../features/lectures/api';
import { LectureRecorder } from '../../../features/lectures/components/lecture-recorder';
import { LectureScreenHeader } from '../../../features/lectures/components/lecture-screen-header';
import { LectureUploadPanel } from '../../../features/lectures/components/lecture-upload';

/**
 * A lecture waiting for its recording (issue 75, decision 087): recorded in class (`…/record`) or a file
 * uploaded (`…/upload`), both from the teacher's phone.
 */
function LectureRecordingScreen({ mode }: { mode: 'record' | 'upload' }) {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const lecture = useLecture(id);
  const queryClient = useQueryClient();
  const back = lecture.data ? `/app/teacher/batches/${encodeURIComponent(lecture.data.batch._id)}` : '/app/teacher/batches';
  // The batch's list learns of it; this lecture's own answer stays as it was, so the screen keeps its message.
  const done = () => void queryClient.invalidateQueries({ queryKey: ['lectures', 'batch'] });
  return (
    <>
      <LectureScreenHeader
        title={mode === 'record' ? t`Record the class` : t`Upload the recording`}
        description={lecture.data ? `${lecture.data.title} · ${lecture.data.batch.name}` : undefined}
        back={back}
      />
      {lecture.isPending ? (
        <Skeleton h={320} radius="md" aria-hidden="true" />
      ) : lecture.isError ? (
        <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title={t`Lecture not found`} />
      ) : !lecture.data.canUpload ? (
        <Alert color="blue" variant="light" title={t`This lecture already has its recording`} />
      ) : (
        <SectionCard title={lecture.data.title}>{mode === 'record' ? <LectureRecorder lectureId={id} onDone={done} /> : <LectureUploadPanel lectureId={id} onDone={done} />}</SectionCard>
      )}
    </>
  );
}

export function Component() {
  return <LectureRecordingScreen mode="record" />;
}

export { LectureRecordingScreen };
