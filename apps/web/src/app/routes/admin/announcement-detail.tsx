import { useNavigate, useParams } from 'react-router';
import { ANNOUNCEMENT_MESSAGES } from '@academy/shared/schemas/announcements';
import { DetailActions, DetailPage } from '../../../components/detail-page';
import { useAnnouncement } from '../../../features/announcements/api';
import { AnnouncementDetails } from '../../../features/announcements/components/announcement-details';
import { useConfirmDeleteAnnouncement } from '../../../features/announcements/components/use-confirm-delete-announcement';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const announcement = useAnnouncement(id);
  const confirmDelete = useConfirmDeleteAnnouncement(() => void navigate('/app/announcements'));

  return (
    <DetailPage
      query={announcement}
      title={t`Announcement Details`}
      back={{ to: '/app/announcements', label: t`All announcements` }}
      actions={(data) => <DetailActions editTo={`/app/announcements/${data._id}/edit`} onDelete={() => confirmDelete(data)} />}
      errorTitle={t`The announcement could not be loaded`}
      errorFallback={ANNOUNCEMENT_MESSAGES.fetchFailed}
      maw={880}
    >
      {(data) => <AnnouncementDetails announcement={data} />}
    </DetailPage>
  );
}
