import { PageHeader } from '../../../components/ui/page-header';
import { AnnouncementForm } from '../../../features/announcements/components/announcement-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Create Announcement`} description={t`Tell students and teachers about holidays, tests and changes.`} />
      <AnnouncementForm />
    </>
  );
}
