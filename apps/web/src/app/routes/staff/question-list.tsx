import { Button, Group } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../../components/ui/page-header';
import { QuestionBank } from '../../../features/questions/components/question-bank';
import { useArea } from '../../area';
import { useCan } from '../../../lib/session';

/** The question bank (issue 40): the admin's of every subject, a teacher's of the subjects they teach. */
export function Component() {
  const { t } = useLingui();
  const area = useArea();
  const allBatches = useCan('batches.all');
  const base = `${area.path}/questions`;
  return (
    <>
      <PageHeader
        title={t`Question bank`}
        description={allBatches ? t`Every subject’s questions, with math and pictures, for online tests.` : t`The questions of the subjects you teach, with math and pictures, for online tests.`}
        actions={
          <Group gap="xs">
            <Button component={Link} to={`${base}/new`} leftSection={<IconPlus size={16} aria-hidden="true" />}>
              <Trans>Add question</Trans>
            </Button>
            <Button component={Link} to={`${base}/import`} variant="default" leftSection={<IconFileImport size={16} aria-hidden="true" />}>
              <Trans>Import from Excel</Trans>
            </Button>
          </Group>
        }
      />
      <QuestionBank basePath={base} />
    </>
  );
}
