import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAtom,
  IconCalculator,
  IconChartLine,
  IconClipboardCheck,
  IconClock,
  IconDeviceMobile,
  IconMapPin,
  IconMessageCircle,
  IconPhone,
  IconStethoscope,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePublicSettings } from '../../../features/settings/api';
import { mapsSearchUrl, oneLineAddress } from '../../../features/settings/contact-links';
import { formatPhone, telHref } from '../../../lib/phone';
import { usePageMeta } from '../../../lib/page-meta';
import classes from './landing.module.css';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalizedPath } from '../../../lib/use-localized-path';

const PROGRAMMES: { icon: Icon; title: MessageDescriptor; standards: MessageDescriptor; text: MessageDescriptor }[] = [
  {
    icon: IconCalculator,
    title: msg`Foundation for the SSC board`,
    standards: msg`9th and 10th`,
    text: msg`Mathematics, Science and English taught chapter by chapter with the school year, so that 10th is revision, not panic.`,
  },
  {
    icon: IconAtom,
    title: msg`HSC Science`,
    standards: msg`11th and 12th`,
    text: msg`Physics, Chemistry, Mathematics and Biology for the board, with derivations, numericals and practical journals checked on time.`,
  },
  {
    icon: IconStethoscope,
    title: msg`JEE and NEET alongside the board`,
    standards: msg`11th and 12th`,
    text: msg`The same teachers take the entrance level: timed multiple-choice tests every fortnight and a doubt hour after each one.`,
  },
];

const REASONS: { icon: Icon; title: MessageDescriptor; text: MessageDescriptor }[] = [
  {
    icon: IconUsersGroup,
    title: msg`Small batches, known by name`,
    text: msg`Seats in every batch are limited. Teachers know each student, notice who is falling behind and call on them in class.`,
  },
  {
    icon: IconClipboardCheck,
    title: msg`A test every week`,
    text: msg`Short weekly tests on what was taught, corrected and returned within days, so mistakes are fixed before the exam, not after it.`,
  },
  {
    icon: IconChartLine,
    title: msg`Attendance in every class`,
    text: msg`Teachers mark attendance in every class, and the office sees each day who was absent, with the parent’s number to call.`,
  },
  {
    icon: IconDeviceMobile,
    title: msg`Everything on the phone`,
    text: msg`Students see their batches, timetable, attendance, notes and announcements in their own account, on any phone.`,
  },
];

type PublicSettings = NonNullable<ReturnType<typeof usePublicSettings>['data']>;

function Feature({ icon: FeatureIcon, title, children }: { icon: Icon; title: string; children: ReactNode }) {
  return (
    <Group gap="md" align="flex-start" wrap="nowrap">
      <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
        <FeatureIcon size={24} stroke={1.6} />
      </ThemeIcon>
      <Stack gap={4}>
        <Title order={3} size="h4">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {children}
        </Text>
      </Stack>
    </Group>
  );
}

/** One tap to call the office: what most families do first. The details are the admin's settings. */
function OfficeCard() {
  const { data: settings } = usePublicSettings();
  const [phone] = settings?.phones ?? [];
  return (
    <Paper withBorder radius="lg" p="lg" shadow="sm" component="aside" aria-labelledby="office-title">
      <Stack gap="md">
        <div>
          <Title id="office-title" order={2} size="h4">
            <Trans>Talk to us today</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>Questions about batches, timings or fees? The office is happy to help.</Trans>
          </Text>
        </div>
        {/* Same height while loading, so the page below does not move. */}
        <Stack gap="sm" mih={136}>
          {settings ? (
            <>
              {phone ? (
                <Button component="a" href={telHref(phone)} variant="light" size="md" leftSection={<IconPhone size={18} aria-hidden="true" />}>
                  <Trans>Call {formatPhone(phone)}</Trans>
                </Button>
              ) : null}
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <IconClock size={18} stroke={1.6} className={classes.officeIcon} aria-hidden="true" />
                <Text size="sm">{settings.officeHours}</Text>
              </Group>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <IconMapPin size={18} stroke={1.6} className={classes.officeIcon} aria-hidden="true" />
                <Text size="sm">
                  {oneLineAddress(settings.address)}{' '}
                  <Anchor href={mapsSearchUrl(settings.address)} target="_blank" rel="noopener noreferrer" size="sm" fw={600} className={classes.directions}>
                    <Trans>Directions</Trans>
                  </Anchor>
                </Text>
              </Group>
            </>
          ) : (
            <>
              <Skeleton h={42} />
              <Skeleton h={16} w="80%" />
              <Skeleton h={16} w="65%" />
            </>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

export function Component() {
  const { t } = useLingui();
  const settings = usePublicSettings().data;
  // The product's sample words (9th to 12th, JEE and NEET, a test every week) are the first academy's; an
  // academy started at sign-up shows its own name and tagline, nothing it never wrote (issue 73).
  const samples = settings?.samplePages !== false;
  const tagline = settings?.tagline ?? '';
  usePageMeta(
    samples ? t`Coaching for 9th to 12th in Latur` : (settings?.name ?? ''),
    samples
      ? t`Coaching in Latur for 9th to 12th: SSC and HSC boards, JEE and NEET. Small batches, a test every week and attendance in every class. Admissions open.`
      : tagline || t`Courses, batches and admissions at ${settings?.name ?? ''}.`,
  );
  const testimonials = settings?.testimonials ?? [];
  return (
    <Stack gap={56} pb="xl">
      <Hero settings={settings} samples={samples} tagline={tagline} />

      {samples ? (
        <>
          <WhatWeTeach />
          <WhyFamiliesChooseUs />
        </>
      ) : null}

      {/* Only what the admin entered in Settings, with the families' permission; no section without any. */}
      {testimonials.length > 0 ? <ResultsAndTestimonials testimonials={testimonials} /> : null}

      <JoinTheNextBatch />
    </Stack>
  );
}

function Hero({ settings, samples, tagline }: { settings: PublicSettings | undefined; samples: boolean; tagline: string }) {
  const lp = useLocalizedPath();
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <Stack gap="lg">
        <Badge variant="light" size="lg" radius="sm" w="fit-content">
          <Trans>Admissions open for new batches</Trans>
        </Badge>
        <Title id="hero-title" order={1} fz={{ base: 34, sm: 48 }} lh={1.1} style={{ overflowWrap: 'anywhere' }}>
          {samples ? <Trans>Strong basics, steady practice, results that show</Trans> : settings?.name}
        </Title>
        {samples ? (
          <Text size="lg" c="dimmed">
            <Trans>Coaching in Latur for 9th to 12th: SSC and HSC boards, JEE and NEET. Small batches, a test every week, and teachers who tell parents how their child is really doing.</Trans>
          </Text>
        ) : tagline ? (
          <Text size="lg" c="dimmed">
            {tagline}
          </Text>
        ) : null}
        <Group gap="sm" className={classes.heroActions}>
          <Button component={Link} to={lp('/admission')} size="md">
            <Trans>Apply for Admission</Trans>
          </Button>
          <Button component={Link} to={lp('/courses')} size="md" variant="default">
            <Trans>See Batches and Timings</Trans>
          </Button>
        </Group>
      </Stack>
      <OfficeCard />
    </section>
  );
}

function WhatWeTeach() {
  const { i18n } = useLinguiRuntime();
  return (
    <section aria-labelledby="teach-title">
      <Title id="teach-title" order={2} mb={6}>
        <Trans>What we teach</Trans>
      </Title>
      <Text c="dimmed" mb="lg" maw={720}>
        <Trans>One academy from 9th to 12th, so a student keeps the teachers who know them from the foundation years to the board and entrance exams.</Trans>
      </Text>
      <div className={classes.threeColumns}>
        {PROGRAMMES.map((programme) => (
          <Paper key={programme.title.id} withBorder radius="md" p="lg">
            <Stack gap="sm">
              <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
                <programme.icon size={24} stroke={1.6} />
              </ThemeIcon>
              <div>
                <Title order={3} size="h4">
                  {i18n._(programme.title)}
                </Title>
                <Text size="sm" fw={600} c="indigo.7">
                  {i18n._(programme.standards)}
                </Text>
              </div>
              <Text size="sm" c="dimmed">
                {i18n._(programme.text)}
              </Text>
            </Stack>
          </Paper>
        ))}
      </div>
    </section>
  );
}

function WhyFamiliesChooseUs() {
  const { i18n } = useLinguiRuntime();
  return (
    <section aria-labelledby="why-title">
      <Title id="why-title" order={2} mb="lg">
        <Trans>Why families choose us</Trans>
      </Title>
      <div className={classes.twoColumns}>
        {REASONS.map((reason) => (
          <Feature key={reason.title.id} icon={reason.icon} title={i18n._(reason.title)}>
            {i18n._(reason.text)}
          </Feature>
        ))}
      </div>
    </section>
  );
}

function ResultsAndTestimonials({ testimonials }: { testimonials: PublicSettings['testimonials'] }) {
  return (
    <section aria-labelledby="results-title">
      <Title id="results-title" order={2} mb={6}>
        <Trans>Results and what families say</Trans>
      </Title>
      <Text c="dimmed" mb="lg" maw={720}>
        <Trans>Every year our students&apos; board and entrance results are put up on the notice board at the office. Here is what students and parents tell us.</Trans>
      </Text>
      <div className={classes.testimonials}>
        {testimonials.map((testimonial) => (
          <Paper key={`${testimonial.name}-${testimonial.quote.slice(0, 20)}`} component="figure" withBorder radius="md" p="lg" m={0} className={classes.testimonial}>
            <IconMessageCircle size={22} stroke={1.6} className={classes.quoteIcon} aria-hidden="true" />
            <Text component="blockquote" m={0} mt="xs">
              “{testimonial.quote}”
            </Text>
            <Text component="figcaption" size="sm" className={classes.testimonialName}>
              <Text span fw={700} inherit>
                {testimonial.name}
              </Text>
              {testimonial.detail ? (
                <Text span c="dimmed" inherit>
                  {' · '}
                  {testimonial.detail}
                </Text>
              ) : null}
            </Text>
          </Paper>
        ))}
      </div>
    </section>
  );
}

function JoinTheNextBatch() {
  const lp = useLocalizedPath();
  return (
    <section className={classes.callToAction} aria-labelledby="cta-title">
      <Stack gap="sm" maw={640}>
        <Title id="cta-title" order={2} c="white">
          <Trans>Join the next batch</Trans>
        </Title>
        <Text c="indigo.0">
          <Trans>Fill in the registration form in two minutes. The office calls you back within one working day to answer your questions and fix a visit.</Trans>
        </Text>
        <Group gap="sm" mt="xs">
          <Button component={Link} to={lp('/admission')} size="md" variant="white">
            <Trans>Apply for Admission</Trans>
          </Button>
          <Button component={Link} to={lp('/contact')} size="md" variant="outline" color="white">
            <Trans>Talk to the Office</Trans>
          </Button>
        </Group>
      </Stack>
    </section>
  );
}
