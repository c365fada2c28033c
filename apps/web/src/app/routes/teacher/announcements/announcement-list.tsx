import { PageHeader } from '../../../../components/ui/page-header';
import { AnnouncementBoard } from '../../../../features/announcements/components/announcement-board';

export function Component() {
  return (
    <>
      <PageHeader title="Announcements" description="News from the academy: holidays, tests and changes." />
      <AnnouncementBoard basePath="/app/teacher/announcements" />
    </>
  );
}
