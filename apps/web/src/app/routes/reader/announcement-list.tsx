import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../../components/ui/page-header';
import { AnnouncementBoard } from '../../../features/announcements/components/announcement-board';
import { useArea } from '../../area';

/** The announcements meant for the signed-in teacher, student or parent (for a parent: also their children's batches). */
export function Component() {
  const { t } = useLingui();
  const area = useArea();
  return (
    <>
      <PageHeader title={t`Announcements`} description={t`News from the academy: holidays, tests and changes.`} />
      <AnnouncementBoard basePath={`${area.path}/announcements`} />
    </>
  );
}
