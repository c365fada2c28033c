import { ANNOUNCEMENT_MESSAGES } from '@academy/shared/schemas/announcements';
import { EditPage } from '../../../components/detail-page';
import { useAnnouncement } from '../../../features/announcements/api';
import { AnnouncementForm } from '../../../features/announcements/components/announcement-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  return <EditPage useRecord={useAnnouncement} title={t`Edit Announcement`} description={(record) => record.title} errorTitle={t`The announcement could not be loaded`} errorFallback={ANNOUNCEMENT_MESSAGES.fetchFailed} skeletonHeight={420} maw={760} form={(record) => <AnnouncementForm announcement={record} />} />;
}
