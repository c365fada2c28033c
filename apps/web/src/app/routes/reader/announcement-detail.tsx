import { AnnouncementReaderPage } from '../../../features/announcements/components/announcement-reader-page';
import { useArea } from '../../area';

/** One announcement, as a teacher, student or parent reads it. */
export function Component() {
  const area = useArea();
  return <AnnouncementReaderPage basePath={`${area.path}/announcements`} />;
}
