import { Button, Select, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ListStates } from '../../../components/list-kit';
import { PageHeader } from '../../../components/ui/page-header';
import { STAFF_ONLINE_TEST_FAILURES, useStaffOnlineTests } from '../staff-api';
import type { BatchOption } from './staff-test-form';
import { StaffTestList } from './staff-test-list';

/** The "Online tests" screen of the teacher's or the office's area: the papers (a batch at a time, if chosen) and a new one. */
export function StaffTestsPage({ basePath, batchOptions, description }: { basePath: string; batchOptions: BatchOption[]; description: string }) {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const batch = params.get('batch') ?? '';
  const tests = useStaffOnlineTests(batch);
  const rows = tests.data?.tests ?? [];
  return (
    <>
      <PageHeader
        title={t`Online tests`}
        description={description}
        actions={
          <Button component={Link} to={`${basePath}/new`} leftSection={<IconPlus size={18} aria-hidden="true" />}>
            <Trans>New online test</Trans>
          </Button>
        }
      />
      <Stack gap="md">
        {batchOptions.length > 1 ? (
          <Select
            label={t`Batch`}
            placeholder={t`All batches`}
            data={batchOptions}
            value={batch || null}
            onChange={(value) => setParams(value ? { batch: value } : {}, { replace: true })}
            searchable
            clearable
            maw={320}
            nothingFoundMessage={t`No batch found`}
          />
        ) : null}
        <ListStates
          query={tests}
          count={rows.length}
          errorTitle={t`Online tests could not be loaded`}
          errorFallback={STAFF_ONLINE_TEST_FAILURES.list}
          empty={batch ? t`No online test for this batch yet.` : t`No online tests yet. Set the first one from the question bank.`}
        >
          <StaffTestList tests={rows} basePath={basePath} />
        </ListStates>
      </Stack>
    </>
  );
}
