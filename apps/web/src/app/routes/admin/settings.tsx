import { Skeleton, Stack } from '@mantine/core';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useAdminSettings } from '../../../features/settings/api';
import { ParentAlertsForm } from '../../../features/settings/components/settings-parent-alerts';
import { SettingsForm } from '../../../features/settings/components/settings-form';
import { MessagingSettingsSection } from '../../../features/messages/components/messaging-settings-form';
import { PaymentSettingsSection } from '../../../features/fees/components/payment-settings-form';
import { TaxSettingsSection } from '../../../features/gst/tax-settings-form';
import { OwnDomainsSection } from '../../../features/settings/components/settings-own-domains';
import { HomeworkSettingsSection } from '../../../features/homework/components/homework-settings';
import { useLingui } from '@lingui/react/macro';
import { MESSAGES } from '@academy/shared/messages';

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
        <LoadErrorAlert title={t`Settings could not be loaded`} error={settings.error} fallback={MESSAGES.fallbackError} onRetry={() => void settings.refetch()} />
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
