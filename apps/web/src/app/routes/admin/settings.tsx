import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { PageHeader } from '../../../components/ui/page-header';
import { normalizeError } from '../../../lib/api-client';
import { useAdminSettings } from '../../../features/settings/api';
import { SettingsForm } from '../../../features/settings/components/settings-form';

export function Component() {
  const settings = useAdminSettings();
  return (
    <>
      <PageHeader title="Settings" description="The academy's name, contact details, social links and time zone." />
      {settings.isPending ? (
        <Stack gap="lg" maw={880} aria-hidden="true">
          <Skeleton h={260} radius="md" />
          <Skeleton h={240} radius="md" />
        </Stack>
      ) : settings.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title="Settings could not be loaded">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{normalizeError(settings.error).message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </>
  );
}
