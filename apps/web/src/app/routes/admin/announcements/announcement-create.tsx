import { PageHeader } from '../../../../components/ui/page-header';
import { AnnouncementForm } from '../../../../features/announcements/components/announcement-form';

export function Component() {
  return (
    <>
      <PageHeader title="Create Announcement" description="Tell students and teachers about holidays, tests and changes." />
      <AnnouncementForm />
    </>
  );
}
