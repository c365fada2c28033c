import { Button, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { ApplyBand } from './apply-band';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { usePublicCourses } from '../../../features/courses/api';
import { batchesByStandard } from '../../../features/courses/batch-display';
import { StandardSection } from '../../../features/courses/components/standard-section';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalizedPath } from '../../../lib/use-localized-path';
import { useLocalNames } from '../../../lib/public-settings';
import { MESSAGES } from '@academy/shared/messages';

function CoursesSkeleton() {
  return (
    <Stack gap="xl" aria-hidden="true">
      {[0, 1].map((section) => (
        <Stack key={section} gap="md">
          <Skeleton h={26} w={180} />
          <Skeleton h={20} w={260} />
          <Group grow preventGrowOverflow={false} wrap="wrap">
            <Skeleton h={150} miw={260} />
            <Skeleton h={150} miw={260} />
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}

export function Component() {
  const lp = useLocalizedPath();
  const { t } = useLingui();
  const courses = usePublicCourses();
  const names = useLocalNames();
  // A family looks for one standard: ?standard={id} shows only its section (the address can be shared).
  const [searchParams, setSearchParams] = useSearchParams();
  const chosen = searchParams.get('standard');
  const sections = courses.data ? batchesByStandard(courses.data.standards, courses.data.batches) : [];
  // A standard no longer offered (an old shared address) shows them all.
  const active = sections.some(({ standard }) => standard._id === chosen) ? chosen : null;
  const shown = sections.filter(({ standard }) => !active || standard._id === active);
  const choose = (standardId: string | null) => setSearchParams(standardId ? { standard: standardId } : {}, { replace: true, preventScrollReset: true });

  return (
    <>
      <PageHeader
        title={t`Courses`}
        description={t`Standards 9th to 12th, the subjects we teach in each, and the batches open now with their timings and seats left.`}
        metaDescription={t`Courses for 9th to 12th in Latur: SSC and HSC board subjects, JEE and NEET. See open batches with days, timings, teachers and seats left.`}
      />
      {courses.isPending ? (
        <CoursesSkeleton />
      ) : courses.isError ? (
        <LoadErrorAlert title={t`Courses could not be loaded`} error={courses.error} fallback={MESSAGES.fallbackError} onRetry={() => void courses.refetch()} />
      ) : courses.data.standards.length === 0 ? (
        <Text c="dimmed"><Trans>Our courses for the coming year are being finalised. Call or visit the office and we will tell you what suits your child.</Trans></Text>
      ) : (
        <Stack gap={40}>
          {sections.length > 1 ? (
            <Group gap="xs" role="group" aria-label={t`Show the courses of`}>
              <Button size="compact-md" radius="xl" variant={active ? 'default' : 'filled'} aria-pressed={!active} onClick={() => choose(null)}>
                <Trans>All standards</Trans>
              </Button>
              {sections.map(({ standard }) => (
                <Button key={standard._id} size="compact-md" radius="xl" variant={active === standard._id ? 'filled' : 'default'} aria-pressed={active === standard._id} onClick={() => choose(standard._id)}>
                  {names.standard(standard)}
                </Button>
              ))}
            </Group>
          ) : null}
          {shown.map(({ standard, batches }, index) => (
            <Stack key={standard._id} gap={40}>
              {index > 0 ? <Divider /> : null}
              <StandardSection standard={standard} batches={batches} />
            </Stack>
          ))}
        </Stack>
      )}

      <ApplyBand
        title={<Trans>Found the right batch?</Trans>}
        text={<Trans>Fill in the registration form and the office will confirm the seat and the fees with you.</Trans>}
        to={lp('/admission')}
        action={<Trans>Apply for Admission</Trans>}
        mt={48}
      />
    </>
  );
}
