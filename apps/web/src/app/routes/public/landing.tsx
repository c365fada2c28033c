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

const PROGRAMMES: { icon: Icon; title: string; standards: string; text: string }[] = [
  {
    icon: IconCalculator,
    title: 'Foundation for the SSC board',
    standards: '9th and 10th',
    text: 'Mathematics, Science and English taught chapter by chapter with the school year, so that 10th is revision, not panic.',
  },
  {
    icon: IconAtom,
    title: 'HSC Science',
    standards: '11th and 12th',
    text: 'Physics, Chemistry, Mathematics and Biology for the board, with derivations, numericals and practical journals checked on time.',
  },
  {
    icon: IconStethoscope,
    title: 'JEE and NEET alongside the board',
    standards: '11th and 12th',
    text: 'The same teachers take the entrance level: timed multiple-choice tests every fortnight and a doubt hour after each one.',
  },
];

const REASONS: { icon: Icon; title: string; text: string }[] = [
  {
    icon: IconUsersGroup,
    title: 'Small batches, known by name',
    text: 'Seats in every batch are limited. Teachers know each student, notice who is falling behind and call on them in class.',
  },
  {
    icon: IconClipboardCheck,
    title: 'A test every week',
    text: 'Short weekly tests on what was taught, corrected and returned within days, so mistakes are fixed before the exam, not after it.',
  },
  {
    icon: IconChartLine,
    title: 'Attendance in every class',
    text: 'Teachers mark attendance in every class, and the office sees each day who was absent, with the parent’s number to call.',
  },
  {
    icon: IconDeviceMobile,
    title: 'Everything on the phone',
    text: 'Students see their batches, timetable, attendance, notes and announcements in their own account, on any phone.',
  },
];


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
            Talk to us today
          </Title>
          <Text size="sm" c="dimmed">
            Questions about batches, timings or fees? The office is happy to help.
          </Text>
        </div>
        {/* Same height while loading, so the page below does not move. */}
        <Stack gap="sm" mih={136}>
          {settings ? (
            <>
              {phone ? (
                <Button component="a" href={telHref(phone)} variant="light" size="md" leftSection={<IconPhone size={18} aria-hidden="true" />}>
                  Call {formatPhone(phone)}
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
                    Directions
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
  usePageMeta(
    'Coaching for 9th to 12th in Latur',
    'Coaching in Latur for 9th to 12th: SSC and HSC boards, JEE and NEET. Small batches, a test every week and attendance in every class. Admissions open.',
  );
  const testimonials = usePublicSettings().data?.testimonials ?? [];
  return (
    <Stack gap={56} pb="xl">
      <section className={classes.hero} aria-labelledby="hero-title">
        <Stack gap="lg">
          <Badge variant="light" size="lg" radius="sm" w="fit-content">
            Admissions open for new batches
          </Badge>
          <Title id="hero-title" order={1} fz={{ base: 34, sm: 48 }} lh={1.1}>
            Strong basics, steady practice, results that show
          </Title>
          <Text size="lg" c="dimmed">
            Coaching in Latur for 9th to 12th: SSC and HSC boards, JEE and NEET. Small batches, a test every week, and teachers who tell parents how their
            child is really doing.
          </Text>
          <Group gap="sm" className={classes.heroActions}>
            <Button component={Link} to="/admission" size="md">
              Apply for Admission
            </Button>
            <Button component={Link} to="/courses" size="md" variant="default">
              See Batches and Timings
            </Button>
          </Group>
        </Stack>
        <OfficeCard />
      </section>

      <section aria-labelledby="teach-title">
        <Title id="teach-title" order={2} mb={6}>
          What we teach
        </Title>
        <Text c="dimmed" mb="lg" maw={720}>
          One academy from 9th to 12th, so a student keeps the teachers who know them from the foundation years to the board and entrance exams.
        </Text>
        <div className={classes.threeColumns}>
          {PROGRAMMES.map((programme) => (
            <Paper key={programme.title} withBorder radius="md" p="lg">
              <Stack gap="sm">
                <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
                  <programme.icon size={24} stroke={1.6} />
                </ThemeIcon>
                <div>
                  <Title order={3} size="h4">
                    {programme.title}
                  </Title>
                  <Text size="sm" fw={600} c="indigo.7">
                    {programme.standards}
                  </Text>
                </div>
                <Text size="sm" c="dimmed">
                  {programme.text}
                </Text>
              </Stack>
            </Paper>
          ))}
        </div>
      </section>

      <section aria-labelledby="why-title">
        <Title id="why-title" order={2} mb="lg">
          Why families choose us
        </Title>
        <div className={classes.twoColumns}>
          {REASONS.map((reason) => (
            <Feature key={reason.title} icon={reason.icon} title={reason.title}>
              {reason.text}
            </Feature>
          ))}
        </div>
      </section>

      {/* Only what the admin entered in Settings, with the families' permission; no section without any. */}
      {testimonials.length > 0 ? (
      <section aria-labelledby="results-title">
        <Title id="results-title" order={2} mb={6}>
          Results and what families say
        </Title>
        <Text c="dimmed" mb="lg" maw={720}>
          Every year our students&apos; board and entrance results are put up on the notice board at the office. Here is what students and parents tell us.
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
      ) : null}

      <section className={classes.callToAction} aria-labelledby="cta-title">
        <Stack gap="sm" maw={640}>
          <Title id="cta-title" order={2} c="white">
            Join the next batch
          </Title>
          <Text c="indigo.0">
            Fill in the registration form in two minutes. The office calls you back within one working day to answer your questions and fix a visit.
          </Text>
          <Group gap="sm" mt="xs">
            <Button component={Link} to="/admission" size="md" variant="white">
              Apply for Admission
            </Button>
            <Button component={Link} to="/contact" size="md" variant="outline" color="white">
              Talk to the Office
            </Button>
          </Group>
        </Stack>
      </section>
    </Stack>
  );
}
