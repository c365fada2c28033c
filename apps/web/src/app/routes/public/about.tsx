import { Anchor, List, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { usePublicSettings } from '../../../features/settings/api';
import { oneLineAddress } from '../../../features/settings/contact-links';
import { SettingsLoadError } from '../../../features/settings/components/settings-load-error';

const PRINCIPLES = [
  {
    title: 'Concepts first, then practice',
    text: 'Every chapter starts with why, not with formulas to memorise. Then come worked examples, board questions and, for Science students, entrance-level problems.',
  },
  {
    title: 'Tests that teach',
    text: 'A short test every week and a full paper before each school exam. Answer sheets come back corrected, and the mistakes are taken up in class.',
  },
  {
    title: 'Doubts are welcome',
    text: 'Teachers stay after class for doubts, and students can ask again in the next class without being rushed.',
  },
  {
    title: 'Parents in the loop',
    text: 'Attendance is marked in every class. The office sees each day who was absent and has the parent’s number at hand to call.',
  },
];

export function Component() {
  const settings = usePublicSettings();
  const name = settings.data?.name ?? 'Our academy';

  return (
    <>
      <PageHeader
        title="About Us"
        description="A coaching academy in Latur for students of 9th to 12th."
        metaDescription="Who we are: a coaching academy in Latur for 9th to 12th, teaching the SSC and HSC boards with JEE and NEET preparation, in small batches."
      />
      <Stack gap={48} maw={900}>
        <Stack component="section" gap="sm" aria-labelledby="who-title">
          <Title id="who-title" order={2}>
            Who we are
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
              <Text size="lg">
                {name} is a coaching academy in Latur for students of 9th to 12th. We teach the Maharashtra State Board (SSC and HSC) syllabus and prepare
                Science students for JEE and NEET alongside it, so that no one has to run between two classes.
              </Text>
              {settings.data.tagline ? <Text c="dimmed">{settings.data.tagline}.</Text> : null}
            </>
          )}
          <Text>
            Latur is known across Maharashtra for its results, and for how hard its students work for them. We believe that hard work pays best when the
            basics are clear, the practice is regular and someone keeps an eye on each student. That is what we are built around.
          </Text>
        </Stack>

        <Stack component="section" gap="md" aria-labelledby="teach-title">
          <Title id="teach-title" order={2}>
            How we teach
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {PRINCIPLES.map((principle) => (
              <Paper key={principle.title} withBorder radius="md" p="lg">
                <Title order={3} size="h4" mb={6}>
                  {principle.title}
                </Title>
                <Text size="sm" c="dimmed">
                  {principle.text}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        </Stack>

        <Stack component="section" gap="sm" aria-labelledby="teachers-title">
          <Title id="teachers-title" order={2}>
            Our teachers
          </Title>
          <Text>
            Each subject is taught by a teacher who studied it at post-graduate level and has taught it for years, most of them from Latur themselves. Batches
            are kept small enough for a teacher to know every student by name, and a student keeps the same teacher through the year.
          </Text>
        </Stack>

        <Stack component="section" gap="sm" aria-labelledby="promise-title">
          <Title id="promise-title" order={2}>
            Our promise to families
          </Title>
          <List spacing="xs">
            <List.Item>Fees are given in writing at admission, with no charges added later.</List.Item>
            <List.Item>Timetables are fixed for the whole year and changes are announced in advance.</List.Item>
            <List.Item>Students see their batches, attendance, schedule and notes in their own account.</List.Item>
            <List.Item>Personal details are used only to run the classes; see our privacy policy.</List.Item>
          </List>
        </Stack>

        <Stack component="section" gap="sm" aria-labelledby="visit-title">
          <Title id="visit-title" order={2}>
            Come and meet us
          </Title>
          <Text>
            {settings.data ? `Visit us at ${oneLineAddress(settings.data.address)}. ` : null}
            The best way to decide is to see a class and talk to the teachers. Find the phone numbers, office hours and directions on the{' '}
            <Anchor component={Link} to="/contact">
              contact page
            </Anchor>
            , or{' '}
            <Anchor component={Link} to="/admission">
              apply for admission
            </Anchor>{' '}
            right away.
          </Text>
        </Stack>
      </Stack>
    </>
  );
}
