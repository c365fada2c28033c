import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../../components/ui/page-header';

/** The header of the teacher's lecture screens (add, record, upload): what it is for, and back to the batch's screen. */
export function LectureScreenHeader({ title, description, back }: { title: string; description?: string; back: string }) {
  const { t } = useLingui();
  return (
    <PageHeader
      title={title}
      description={description}
      actions={
        <Button component={Link} to={back} variant="light" leftSection={<IconArrowLeft size={18} aria-hidden="true" />}>
          {t`Back to the batch`}
        </Button>
      }
    />
  );
}
