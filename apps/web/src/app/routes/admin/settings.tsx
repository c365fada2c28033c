import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useAdminSettings } from '../../../features/settings/api';
import { ParentAlertsForm } from '../../../features/settings/components/settings-parent-alerts';
import { SettingsForm, type SettingsFormSection } from '../../../features/settings/components/settings-form';
import { MessagingSettingsSection } from '../../../features/messages/components/messaging-settings-form';
import { PaymentSettingsSection } from '../../../features/fees/components/payment-settings-form';
import { TaxSettingsSection } from '../../../features/gst/tax-settings-form';
import { OwnDomainsSection } from '../../../features/settings/components/settings-own-domains';
import { BrandSection } from '../../../features/settings/components/settings-brand';
import { AppSection } from '../../../features/settings/components/settings-app';
import { HomeworkSettingsSection } from '../../../features/homework/components/homework-settings';
import { LectureSettingsSection } from '../../../features/lectures/components/lecture-settings';
import { useLingui } from '@lingui/react/macro';
import { MESSAGES } from '@academy/shared/messages';

/** Settings' sections, each at its own address (`/app/settings?section=contact`), one shown at a time (issue 73, decision 073). */
const SECTIONS = ['academy', 'contact', 'public-site', 'brand', 'messages', 'payments', 'tax', 'homework', 'lectures', 'domains', 'app'] as const;
type Section = (typeof SECTIONS)[number];

const isSection = (value: string | null): value is Section => SECTIONS.includes(value as Section);

/**
 * Settings as sections a phone reaches in one tap (issue 73): the page was 11,000 px tall, with UPI at
 * 9,600 px. Each section keeps its own save; the academy's details (Academy, Contact, Public site and
 * the fee rules of Payments) are one form whose refused save opens the section of the first error.
 */
export function Component() {
  const { t } = useLingui();
  const settings = useAdminSettings();
  const [params, setParams] = useSearchParams();
  const asked = params.get('section');
  const section: Section = isSection(asked) ? asked : 'academy';
  const titles: Record<Section, string> = {
    academy: t`Academy`,
    contact: t`Contact`,
    'public-site': t`Public site`,
    brand: t`Brand`,
    messages: t`Messages`,
    payments: t`Payments and UPI`,
    tax: t`Tax`,
    homework: t`Homework`,
    lectures: t`Lectures`,
    domains: t`Own domain`,
    app: t`Your app`,
  };
  const show = (next: SettingsFormSection) => setParams({ section: next });
  return (
    <>
      <PageHeader title={t`Settings`} description={t`Choose a section: each has its own save.`} />
      <Group component="nav" aria-label={t`Settings sections`} gap={6} mb="lg" data-testid="settings-sections">
        {SECTIONS.map((name) => (
          <Button
            key={name}
            component={Link}
            to={`?section=${name}`}
            replace
            size="xs"
            radius="xl"
            variant={name === section ? 'filled' : 'default'}
            aria-current={name === section ? 'page' : undefined}
          >
            {titles[name]}
          </Button>
        ))}
      </Group>
      {settings.isPending ? (
        <Stack gap="lg" maw={880} aria-hidden="true">
          <Skeleton h={260} radius="md" />
          <Skeleton h={240} radius="md" />
        </Stack>
      ) : settings.isError ? (
        <LoadErrorAlert title={t`Settings could not be loaded`} error={settings.error} fallback={MESSAGES.fallbackError} onRetry={() => void settings.refetch()} />
      ) : (
        <Stack gap="lg">
          {/* Always mounted: what was typed in one section stays when another is opened, until it is saved. */}
          <SettingsForm settings={settings.data} section={section} onShowSection={show} sectionTitles={titles} />
          {section === 'messages' ? (
            <>
              <ParentAlertsForm settings={settings.data} />
              <MessagingSettingsSection />
            </>
          ) : null}
          {section === 'payments' ? <PaymentSettingsSection /> : null}
          {section === 'tax' ? <TaxSettingsSection /> : null}
          {section === 'homework' ? <HomeworkSettingsSection /> : null}
          {section === 'lectures' ? <LectureSettingsSection /> : null}
          {section === 'domains' ? <OwnDomainsSection /> : null}
          {section === 'brand' ? <BrandSection /> : null}
          {section === 'app' ? <AppSection /> : null}
        </Stack>
      )}
    </>
  );
}
