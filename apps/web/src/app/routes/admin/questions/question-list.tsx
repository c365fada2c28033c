import { Button, Group } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../../../components/ui/page-header';
import { QuestionBank } from '../../../../features/questions/components/question-bank';

const BASE = '/app/questions';

/** The question bank (issue 40). */
export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Question bank`}
        description={t`Every subject’s questions, with math and pictures, for online tests.`}
        actions={
          <Group gap="xs">
            <Button component={Link} to={`${BASE}/new`} leftSection={<IconPlus size={16} aria-hidden="true" />}>
              <Trans>Add question</Trans>
            </Button>
            <Button component={Link} to={`${BASE}/import`} variant="default" leftSection={<IconFileImport size={16} aria-hidden="true" />}>
              <Trans>Import from Excel</Trans>
            </Button>
          </Group>
        }
      />
      <QuestionBank basePath={BASE} />
    </>
  );
}
