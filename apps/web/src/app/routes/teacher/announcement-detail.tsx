import { AnnouncementReaderPage } from '../../../features/announcements/components/announcement-reader-page';

export function Component() {
  return <AnnouncementReaderPage basePath="/app/teacher/announcements" />;
}
