import { Alert, Anchor, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminDashboardSummary } from '@academy/shared/schemas/dashboard';
import { translateServerText } from '../../../lib/server-text';

/** A backup that could not be copied off the machine (issue 52): a warning until a retry succeeds. */
export function OffsiteBackupWarning({ offsite }: { offsite: AdminDashboardSummary['offsiteBackups'] | undefined }) {
  const { t } = useLingui();
  if (!offsite || offsite.failed === 0) return null;
  const count = offsite.failed;
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconCloudOff aria-hidden="true" />} title={t`A backup could not be copied off the machine`}>
      <Text size="sm">
        {count === 1 ? <Trans>1 backup is only on this machine.</Trans> : <Trans>{count} backups are only on this machine.</Trans>}{' '}
        {offsite.lastError ? translateServerText(offsite.lastError) : null}{' '}
        <Trans>It is tried again automatically.</Trans>{' '}
        <Anchor component={Link} to="/app/backup" size="sm" underline="always">
          <Trans>Check the backups</Trans>
        </Anchor>
      </Text>
    </Alert>
  );
}
