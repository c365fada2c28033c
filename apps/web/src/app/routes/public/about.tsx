import { Anchor, List, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { usePublicSettings } from '../../../features/settings/api';
import { oneLineAddress } from '../../../features/settings/contact-links';
import { SettingsLoadError } from '../../../features/settings/components/settings-load-error';
import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalizedPath } from '../../../lib/use-localized-path';

const PRINCIPLES = [
  {
    title: msg`Concepts first, then practice`,
    text: msg`Every chapter starts with why, not with formulas to memorise. Then come worked examples, board questions and, for Science students, entrance-level problems.`,
  },
  {
    title: msg`Tests that teach`,
    text: msg`A short test every week and a full paper before each school exam. Answer sheets come back corrected, and the mistakes are taken up in class.`,
  },
  {
    title: msg`Doubts are welcome`,
    text: msg`Teachers stay after class for doubts, and students can ask again in the next class without being rushed.`,
  },
  {
    title: msg`Parents in the loop`,
    text: msg`Attendance is marked in every class. The office sees each day who was absent and has the parent’s number at hand to call.`,
  },
];

type PublicSettingsQuery = ReturnType<typeof usePublicSettings>;

export function Component() {
  const { t } = useLingui();
  const settings = usePublicSettings();
  const name = settings.data?.name ?? t`Our academy`;
  // The product's sample words about the first academy (9th to 12th, JEE and NEET, weekly tests): never on
  // an academy started at sign-up, whose page says only what its owner wrote (issue 73).
  const samples = settings.data?.samplePages !== false;

  return (
    <>
      <PageHeader
        title={t`About Us`}
        description={samples ? t`A coaching academy in Latur for students of 9th to 12th.` : settings.data?.tagline || undefined}
        metaDescription={samples ? t`Who we are: a coaching academy in Latur for 9th to 12th, teaching the SSC and HSC boards with JEE and NEET preparation, in small batches.` : settings.data?.tagline || name}
      />
      <Stack gap={48} maw={900}>
        <WhoWeAre settings={settings} name={name} samples={samples} />

        {samples ? (
          <>
            <HowWeTeach />
            <OurTeachers />
            <OurPromise />
          </>
        ) : null}

        <ComeAndMeetUs settings={settings} />
      </Stack>
    </>
  );
}

function WhoWeAre({ settings, name, samples }: { settings: PublicSettingsQuery; name: string; samples: boolean }) {
  return (
    <Stack component="section" gap="sm" aria-labelledby="who-title">
      <Title id="who-title" order={2}>
        <Trans>Who we are</Trans>
      </Title>
      {settings.isPending ? (
        <Stack gap="xs" aria-hidden="true">
          <Skeleton h={16} />
          <Skeleton h={16} w="90%" />
          <Skeleton h={16} w="70%" />
        </Stack>
      ) : settings.isError ? (
        <SettingsLoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          {samples ? (
          <Text size="lg">
            <Trans>{name} is a coaching academy in Latur for students of 9th to 12th. We teach the Maharashtra State Board (SSC and HSC) syllabus and prepare Science students for JEE and NEET alongside it, so that no one has to run between two classes.</Trans>
          </Text>
          ) : (
            <Text size="lg">{name}</Text>
          )}
          {settings.data.tagline ? <Text c="dimmed">{settings.data.tagline}.</Text> : null}
        </>
      )}
      {samples ? (
      <Text>
        <Trans>Latur is known across Maharashtra for its results, and for how hard its students work for them. We believe that hard work pays best when the basics are clear, the practice is regular and someone keeps an eye on each student. That is what we are built around.</Trans>
      </Text>
      ) : null}
    </Stack>
  );
}

function HowWeTeach() {
  const { i18n } = useLinguiRuntime();
  return (
    <Stack component="section" gap="md" aria-labelledby="teach-title">
      <Title id="teach-title" order={2}>
        <Trans>How we teach</Trans>
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {PRINCIPLES.map((principle) => (
          <Paper key={principle.title.id} withBorder radius="md" p="lg">
            <Title order={3} size="h4" mb={6}>
              {i18n._(principle.title)}
            </Title>
            <Text size="sm" c="dimmed">
              {i18n._(principle.text)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function OurTeachers() {
  return (
    <Stack component="section" gap="sm" aria-labelledby="teachers-title">
      <Title id="teachers-title" order={2}>
        <Trans>Our teachers</Trans>
      </Title>
      <Text>
        <Trans>Each subject is taught by a teacher who studied it at post-graduate level and has taught it for years, most of them from Latur themselves. Batches are kept small enough for a teacher to know every student by name, and a student keeps the same teacher through the year.</Trans>
      </Text>
    </Stack>
  );
}

function OurPromise() {
  return (
    <Stack component="section" gap="sm" aria-labelledby="promise-title">
      <Title id="promise-title" order={2}>
        <Trans>Our promise to families</Trans>
      </Title>
      <List spacing="xs">
        <List.Item><Trans>Fees are given in writing at admission, with no charges added later.</Trans></List.Item>
        <List.Item><Trans>Timetables are fixed for the whole year and changes are announced in advance.</Trans></List.Item>
        <List.Item><Trans>Students see their batches, attendance, schedule and notes in their own account.</Trans></List.Item>
        <List.Item><Trans>Personal details are used only to run the classes; see our privacy policy.</Trans></List.Item>
      </List>
    </Stack>
  );
}

function ComeAndMeetUs({ settings }: { settings: PublicSettingsQuery }) {
  const lp = useLocalizedPath();
  return (
    <Stack component="section" gap="sm" aria-labelledby="visit-title">
      <Title id="visit-title" order={2}>
        <Trans>Come and meet us</Trans>
      </Title>
      <Text>
        {settings.data ? <Trans>Visit us at {oneLineAddress(settings.data.address)}.</Trans> : null}{' '}
        <Trans>
          The best way to decide is to see a class and talk to the teachers. Find the phone numbers, office hours and directions on the{' '}
          <Anchor component={Link} to={lp('/contact')}>
            contact page
          </Anchor>
          , or{' '}
          <Anchor component={Link} to={lp('/admission')}>
            apply for admission
          </Anchor>{' '}
          right away.
        </Trans>
      </Text>
    </Stack>
  );
}
