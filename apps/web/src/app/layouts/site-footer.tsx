import { Anchor, Container, Divider, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconClock, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NewsletterForm } from '../../features/newsletter/components/newsletter-form';
import { usePublicSettings } from '../../features/settings/api';
import { mailtoHref } from '../../features/settings/contact-links';
import { formatPhone, telHref } from '../../lib/phone';
import { SocialLinks } from '../../features/settings/components/social-links';
import { ScrollToTopButton } from '../../components/ui/scroll-to-top-button';
import classes from './public-layout.module.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLocalizedPath } from '../../lib/use-localized-path';
import { SITE_NAME } from '../../lib/page-meta';
import { useAcademyToday } from '../../lib/use-academy-today';

const EXPLORE_LINKS = [
  { label: msg`Courses`, to: '/courses' },
  { label: msg`Registration`, to: '/admission' },
  { label: msg`Resources`, to: '/resources' },
  { label: msg`Contact Us`, to: '/contact' },
] as const;

const POLICY_LINKS = [
  { label: msg`Terms of Service`, to: '/terms-of-service' },
  { label: msg`Privacy Policy`, to: '/privacy-policy' },
  { label: msg`Cookies Policy`, to: '/cookies-policy' },
] as const;

type PublicSettings = NonNullable<ReturnType<typeof usePublicSettings>['data']>;

function LinkList({ title, links }: { title: string; links: readonly { label: MessageDescriptor; to: string }[] }) {
  const { i18n } = useLinguiRuntime();
  const lp = useLocalizedPath();
  return (
    <Stack gap="xs">
      <Text fw={700} size="sm">
        {title}
      </Text>
      {links.map((link) => (
        <Anchor key={link.to} component={Link} to={lp(link.to)} className={classes.footerLink}>
          {i18n._(link.label)}
        </Anchor>
      ))}
    </Stack>
  );
}

/** A line of contact details after its icon (decorative: the text says what it is). */
function Line({ icon: LineIcon, children }: { icon: Icon; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <LineIcon size={18} stroke={1.6} className={classes.footerIcon} aria-hidden="true" />
      <div className={classes.footerLine}>{children}</div>
    </Group>
  );
}

/** Placeholder lines of the same height while the academy's details load, so nothing jumps. */
function LinesSkeleton({ lines }: { lines: number }) {
  return (
    <Stack gap={10} aria-hidden="true">
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} h={14} w={index % 2 === 0 ? '85%' : '60%'} />
      ))}
    </Stack>
  );
}

/**
 * Footer of the public site (spec sections 2 and 9): the academy's contact details and social links,
 * the site's links, office hours, the newsletter form, and a scroll-to-top button. The details are
 * the admin's settings.
 */
export function SiteFooter() {
  const { t } = useLingui();
  const { data: settings, isError } = usePublicSettings();
  const name = settings?.name ?? SITE_NAME;
  // The academy's year (its time zone), the same on the server's first paint and on the phone.
  const year = useAcademyToday().slice(0, 4);

  return (
    <footer className={classes.footer}>
      {/* Room under the last line for the ↑ button (44 px + its 16 px margins), so at the page's end it covers no text. */}
      <Container size="lg" pt="xl" pb={80}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xl" verticalSpacing="xl">
          <AcademyContact name={name} settings={settings} isError={isError} />

          <SimpleGrid component="nav" aria-label={t`Footer navigation`} cols={2} spacing="lg">
            <LinkList title={t`Explore`} links={EXPLORE_LINKS} />
            <LinkList title={t`Policies`} links={POLICY_LINKS} />
          </SimpleGrid>

          <OfficeHoursAndNewsletter settings={settings} isError={isError} />
        </SimpleGrid>
        <Divider my="lg" />
        <Text size="xs" c="dimmed">
          <Trans>
            © {year} {name}. All rights reserved.
          </Trans>
        </Text>
      </Container>
      <ScrollToTopButton />
    </footer>
  );
}

/** The academy's name, address, phones, mail and social links, or a pointer to the contact page when they cannot load. */
function AcademyContact({ name, settings, isError }: { name: string; settings: PublicSettings | undefined; isError: boolean }) {
  const lp = useLocalizedPath();
  return (
    <Stack gap="sm">
      <Text fw={700} size="lg">
        {name}
      </Text>
      {settings ? (
        <>
          {settings.tagline ? (
            <Text size="sm" c="dimmed">
              {settings.tagline}
            </Text>
          ) : null}
          <Line icon={IconMapPin}>
            <Text size="sm" className={classes.preLine}>
              {settings.address}
            </Text>
          </Line>
          <Line icon={IconPhone}>
            <Stack gap={2}>
              {settings.phones.map((phone) => (
                <Anchor key={phone} href={telHref(phone)} className={classes.footerLink}>
                  {formatPhone(phone)}
                </Anchor>
              ))}
            </Stack>
          </Line>
          <Line icon={IconMail}>
            <Anchor href={mailtoHref(settings.email)} className={classes.footerLink}>
              {settings.email}
            </Anchor>
          </Line>
          <SocialLinks links={settings.socialLinks} />
        </>
      ) : isError ? (
        <Text size="sm" c="dimmed">
          <Trans>
            Our address and phone numbers are on the{' '}
            <Anchor component={Link} to={lp('/contact')} inherit>
              contact page
            </Anchor>
            .
          </Trans>
        </Text>
      ) : (
        <LinesSkeleton lines={6} />
      )}
    </Stack>
  );
}

function OfficeHoursAndNewsletter({ settings, isError }: { settings: PublicSettings | undefined; isError: boolean }) {
  return (
    <Stack gap="lg">
      {!settings && isError ? null : (
        <Stack gap="xs">
          <Text fw={700} size="sm">
            <Trans>Office hours</Trans>
          </Text>
          {settings ? (
            <Line icon={IconClock}>
              <Text size="sm">{settings.officeHours}</Text>
            </Line>
          ) : (
            <LinesSkeleton lines={1} />
          )}
        </Stack>
      )}
      <Stack gap="xs">
        <Text fw={700} size="sm">
          <Trans>Newsletter</Trans>
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>New batches, results and exam tips, about once a month.</Trans>
        </Text>
        <NewsletterForm />
      </Stack>
    </Stack>
  );
}
