import { useParams } from 'react-router';
import { ANNOUNCEMENT_MESSAGES } from '@academy/shared/schemas/announcements';
import { DetailPage } from '../../../components/detail-page';
import { useAnnouncement } from '../../../features/announcements/api';
import { AnnouncementForm } from '../../../features/announcements/components/announcement-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const announcement = useAnnouncement(id);
  return (
    <DetailPage query={announcement} title={t`Edit Announcement`} description={(record) => record.title} errorTitle={t`The announcement could not be loaded`} errorFallback={ANNOUNCEMENT_MESSAGES.fetchFailed} skeletonHeight={420} maw={760}>
      {(record) => <AnnouncementForm key={record._id} announcement={record} />}
    </DetailPage>
  );
}
