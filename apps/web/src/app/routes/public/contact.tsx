import { Anchor, Box, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { ApplyBand } from './apply-band';
import { IconClock, IconExternalLink, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { PublicAcademySettings } from '@academy/shared/schemas/settings';
import { PageHeader } from '../../../components/ui/page-header';
import { ContactForm } from '../../../features/admissions/components/contact-form';
import { usePublicSettings } from '../../../features/settings/api';
import { mailtoHref, mapsSearchUrl, socialLinksOf } from '../../../features/settings/contact-links';
import { formatPhone, telHref } from '../../../lib/phone';
import { SettingsLoadError } from '../../../features/settings/components/settings-load-error';
import { SocialLinks } from '../../../features/settings/components/social-links';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalizedPath } from '../../../lib/use-localized-path';

function ContactCard({ icon: CardIcon, title, children }: { icon: Icon; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Group gap="md" align="flex-start" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden="true">
          <CardIcon size={22} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={6} miw={0} style={{ overflowWrap: 'anywhere' }}>
          <Title order={2} size="h4">
            {title}
          </Title>
          {children}
        </Stack>
      </Group>
    </Paper>
  );
}

function SocialBlock({ links }: { links: PublicAcademySettings['socialLinks'] }) {
  if (socialLinksOf(links).length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        <Trans>Follow us</Trans>
      </Title>
      <SocialLinks links={links} />
    </Stack>
  );
}

export function Component() {
  const lp = useLocalizedPath();
  const { t } = useLingui();
  const settings = usePublicSettings();

  return (
    <>
      <PageHeader
        title={t`Contact Us`}
        description={t`Visit the office, call or write to us. We are happy to talk about admissions, batches and fees.`}
        metaDescription={t`Address, phone numbers, email and office hours of the academy in Latur, Maharashtra, with directions on Google Maps.`}
      />
      {settings.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" aria-hidden="true">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} h={150} radius="md" />
          ))}
        </SimpleGrid>
      ) : settings.isError ? (
        <SettingsLoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <Stack gap="xl">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <ContactCard icon={IconMapPin} title={t`Visit us`}>
              <Text style={{ whiteSpace: 'pre-line' }}>{settings.data.address}</Text>
              <Button
                component="a"
                href={mapsSearchUrl(settings.data.address)}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                size="sm"
                w="fit-content"
                rightSection={<IconExternalLink size={16} aria-hidden="true" />}
              >
                <Trans>Open in Google Maps</Trans>
              </Button>
            </ContactCard>
            <ContactCard icon={IconPhone} title={t`Call us`}>
              {settings.data.phones.map((phone) => (
                <Anchor key={phone} href={telHref(phone)} fw={600} size="lg">
                  {formatPhone(phone)}
                </Anchor>
              ))}
            </ContactCard>
            <ContactCard icon={IconMail} title={t`Write to us`}>
              <Anchor href={mailtoHref(settings.data.email)} fw={600}>
                {settings.data.email}
              </Anchor>
              <Text size="sm" c="dimmed">
                <Trans>We reply within one working day.</Trans>
              </Text>
            </ContactCard>
            <ContactCard icon={IconClock} title={t`Office hours`}>
              <Text>{settings.data.officeHours}</Text>
              <Text size="sm" c="dimmed">
                <Trans>Classes run outside these hours too; the office answers calls during them.</Trans>
              </Text>
            </ContactCard>
          </SimpleGrid>

          <SocialBlock links={settings.data.socialLinks} />

          <ApplyBand
            title={<Trans>Looking for admission?</Trans>}
            text={<Trans>Fill in the registration form and the office will call you back.</Trans>}
            to={lp('/admission')}
            action={<Trans>Apply for Admission</Trans>}
          />
        </Stack>
      )}
      {/* Works whatever happened to the settings: a family can always write. */}
      <Box mt="xl">
        <ContactForm />
      </Box>
    </>
  );
}
