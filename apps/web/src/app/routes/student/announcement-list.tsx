import { PageHeader } from '../../../components/ui/page-header';
import { AnnouncementBoard } from '../../../features/announcements/components/announcement-board';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Announcements`} description={t`News from the academy: holidays, tests and changes.`} />
      <AnnouncementBoard basePath="/app/student/announcements" />
    </>
  );
}
