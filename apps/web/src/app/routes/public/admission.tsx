import { Alert, Grid, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconSchool } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { courseIdPart } from '@academy/shared/public-site';
import { PageHeader } from '../../../components/ui/page-header';
import { AdmissionForm, type AdmissionPreselect } from '../../../features/admissions/components/admission-form';
import { usePublicCourses } from '../../../features/courses/api';
import { batchTimings } from '../../../features/courses/batch-display';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalNames } from '../../../lib/public-settings';
import { useMemo, useState } from 'react';

export function Component() {
  const { t } = useLingui();
  const names = useLocalNames();
  // A family that verifies its mobile number instead of an email gets no confirmation mail (issue 37).
  const [proveBy, setProveBy] = useState<'email' | 'phone'>('email');
  // A course page's Apply (issue 41): /admission?course={slug} chooses that open course; an address of
  // no open course is ignored. The slug's id part finds it, as the course page does.
  const [searchParams] = useSearchParams();
  const courses = usePublicCourses();
  const idPart = courseIdPart(searchParams.get('course') ?? '');
  const course = idPart ? courses.data?.batches.find((batch) => courseIdPart(batch.slug) === idPart) : undefined;
  const timings = course ? batchTimings(course) : '';
  const batchName = course?.name ?? '';
  const preselect = useMemo<AdmissionPreselect | null>(
    () => (course ? { key: course._id, standard: course.standard._id, subject: course.subject._id, message: t`I would like to join the batch ${batchName} (${timings}).` } : null),
    [course, batchName, timings, t],
  );
  return (
    <>
      <PageHeader
        title={t`Registration`}
        description={t`Apply in three short steps. The office calls you back to talk about batches, timings and fees.`}
        metaDescription={t`Apply for admission online: choose the standard and subjects, verify your email, and the office calls you back.`}
      />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          {course ? (
            <Alert variant="light" color="indigo" icon={<IconSchool aria-hidden="true" />} title={t`Applying for ${batchName}`} mb="md" maw={760}>
              {`${names.standard(course.standard)} · ${names.subject(course.subject)} · ${timings}`}
            </Alert>
          ) : null}
          <AdmissionForm onProveByChange={setProveBy} preselect={preselect} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              <Trans>What happens next</Trans>
            </Title>
            <List
              spacing="sm"
              icon={
                <ThemeIcon size={22} radius="xl" variant="light" color="teal">
                  <IconCheck size={14} aria-hidden="true" />
                </ThemeIcon>
              }
            >
              {proveBy === 'email' ? (
                <List.Item>
                  <Trans>We mail you a confirmation.</Trans>
                </List.Item>
              ) : null}
              <List.Item><Trans>The office calls you within one working day.</Trans></List.Item>
              <List.Item><Trans>You visit the academy, meet the teachers and choose a batch.</Trans></List.Item>
            </List>
            <Text size="sm" c="dimmed">
              <Trans>Your details are used only to contact you about admission.</Trans>
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
