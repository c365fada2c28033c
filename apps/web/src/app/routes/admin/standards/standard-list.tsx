import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../../../components/ui/load-error-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { STANDARD_FAILURES, useStandards } from '../../../../features/standards/api';
import { StandardListView } from '../../../../features/standards/components/standard-list-view';
import { useConfirmDeleteStandard } from '../../../../features/standards/components/use-confirm-delete-standard';
import { Trans, useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  const standards = useStandards();
  const confirmDelete = useConfirmDeleteStandard();
  return (
    <>
      <PageHeader
        title={t`Standards`}
        description={t`The classes students are in, by level, with the subjects each one is taught.`}
        actions={
          <Button component={Link} to="/app/standards/create" leftSection={<IconPlus size={18} aria-hidden="true" />}>
            <Trans>Add Standard</Trans>
          </Button>
        }
      />
      {standards.isPending ? (
        <Stack gap="sm" aria-hidden="true">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} h={56} radius="md" />
          ))}
        </Stack>
      ) : standards.isError ? (
        <LoadErrorAlert title={t`Standards could not be loaded`} error={standards.error} fallback={STANDARD_FAILURES.fetch} onRetry={() => void standards.refetch()} />
      ) : standards.data.length === 0 ? (
        <Text c="dimmed" py="lg" ta="center">
          <Trans>No standards yet. Add the first one.</Trans>
        </Text>
      ) : (
        <StandardListView standards={standards.data} onDelete={confirmDelete} />
      )}
    </>
  );
}
