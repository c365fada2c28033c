import { Anchor, Badge, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ApplyBand } from './apply-band';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { usePublicCourse } from '../../../features/courses/api';
import { CourseFees } from '../../../features/courses/components/course-fees';
import { applyForCoursePath, batchDates, batchTimings, seatsStatus } from '../../../features/courses/batch-display';
import { usePublicSettings } from '../../../features/settings/api';
import { useLocalNames } from '../../../lib/public-settings';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { Component as NotFound } from './not-found';
import { MESSAGES } from '@academy/shared/messages';

/** One fact of the course: its name above, its value below (a description list, for screen readers too). */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {children}
      </Text>
    </div>
  );
}

/**
 * A course's own page (issue 41): /courses/{slug}, one open batch with its standard and subject,
 * days and times, dates, teacher and seats left, and an Apply that opens the admission form with the
 * course chosen. An address of no open course is the site's not-found (404 from the server).
 */
export function Component() {
  const { slug = '' } = useParams();
  const lp = useLocalizedPath();
  const { t } = useLingui();
  const course = usePublicCourse(slug);
  const settings = usePublicSettings();
  const names = useLocalNames();

  if (course.isPending) {
    return (
      <Stack gap="md" aria-hidden="true">
        <Skeleton h={32} w={280} />
        <Skeleton h={20} w={200} />
        <Skeleton h={180} />
      </Stack>
    );
  }
  if (course.isError) {
    return (
      <LoadErrorAlert title={t`The course could not be loaded`} error={course.error} fallback={MESSAGES.fallbackError} onRetry={() => void course.refetch()} />
    );
  }
  if (course.data === null) return <NotFound />;

  const batch = course.data;
  const seats = seatsStatus(batch.seatsLeft, batch.capacity);
  const timings = batchTimings(batch);
  const dates = batchDates(batch);
  const academy = settings.data?.name ?? t`our academy`;
  const subject = names.subject(batch.subject);
  const standard = names.standard(batch.standard);
  const teacher = batch.teacherName;
  const seatsLeft = seats.label;

  return (
    <>
      <Anchor component={Link} to={lp('/courses')} size="sm" mb="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={16} aria-hidden="true" />
        <Trans>All courses</Trans>
      </Anchor>
      <PageHeader
        title={batch.name}
        description={`${standard} · ${subject}`}
        metaDescription={t`${subject} for ${standard} at ${academy}: ${timings}, ${dates}. Teacher: ${teacher}. ${seatsLeft}.`}
        actions={
          <Badge color={seats.color} variant="light" size="lg" style={{ flex: 'none' }}>
            {seats.label}
          </Badge>
        }
      />
      <Stack gap="xl" maw={760}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="lg" verticalSpacing="md" m={0}>
            <Fact label={t`Standard`}>{standard}</Fact>
            <Fact label={t`Subject`}>{subject}</Fact>
            <Fact label={t`Timings`}>{timings}</Fact>
            <Fact label={t`Dates`}>{dates}</Fact>
            <Fact label={t`Teacher`}>{teacher}</Fact>
            <Fact label={t`Seats`}>{seats.label}</Fact>
            {batch.fees.length > 0 ? (
              <Fact label={t`Fees`}>
                <CourseFees fees={batch.fees} />
              </Fact>
            ) : null}
          </SimpleGrid>
        </Paper>
        {batch.description.trim() !== '' ? (
          <Stack gap="xs" component="section" aria-labelledby="course-about">
            <Title id="course-about" order={2} size="h4">
              <Trans>About this course</Trans>
            </Title>
            <Text style={{ whiteSpace: 'pre-line' }}>{batch.description}</Text>
          </Stack>
        ) : null}
        <ApplyBand
          title={<Trans>Want a seat in this batch?</Trans>}
          text={<Trans>Apply online with this course chosen; the office calls you back to confirm the seat and the fees.</Trans>}
          to={lp(applyForCoursePath(batch.slug))}
          action={<Trans>Apply for this course</Trans>}
          textWidth={480}
        />
      </Stack>
    </>
  );
}
