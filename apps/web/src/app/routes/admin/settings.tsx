import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { PageHeader } from '../../../components/ui/page-header';
import { normalizeError } from '../../../lib/api-client';
import { useAdminSettings } from '../../../features/settings/api';
import { ParentAlertsForm } from '../../../features/settings/components/settings-parent-alerts';
import { SettingsForm } from '../../../features/settings/components/settings-form';
import { MessagingSettingsSection } from '../../../features/messages/components/messaging-settings-form';
import { PaymentSettingsSection } from '../../../features/fees/components/payment-settings-form';
import { TaxSettingsSection } from '../../../features/gst/tax-settings-form';
import { OwnDomainsSection } from '../../../features/settings/components/settings-own-domains';
import { HomeworkSettingsSection } from '../../../features/homework/components/homework-settings';
import { Trans, useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  const settings = useAdminSettings();
  return (
    <>
      <PageHeader title={t`Settings`} description={t`The academy's name, contact details, social links, time zone, absence alerts, messages to parents by WhatsApp and SMS, fees paid by UPI, GST and homework.`} />
      {settings.isPending ? (
        <Stack gap="lg" maw={880} aria-hidden="true">
          <Skeleton h={260} radius="md" />
          <Skeleton h={240} radius="md" />
        </Stack>
      ) : settings.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title={t`Settings could not be loaded`}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{normalizeError(settings.error).message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void settings.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="lg">
          <SettingsForm settings={settings.data} />
          <ParentAlertsForm settings={settings.data} />
          <MessagingSettingsSection />
          <PaymentSettingsSection />
          <TaxSettingsSection />
          <HomeworkSettingsSection />
          <OwnDomainsSection />
        </Stack>
      )}
    </>
  );
}
