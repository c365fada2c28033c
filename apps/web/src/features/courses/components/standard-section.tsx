import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CourseBatch, CourseStandard } from '@academy/shared/schemas/courses';
import { BatchCard } from './batch-card';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalNames } from '../../../lib/public-settings';

/** A standard: the subjects taught in it, then its open batches. */
export function StandardSection({ standard, batches }: { standard: CourseStandard; batches: CourseBatch[] }) {
  const { t } = useLingui();
  const names = useLocalNames();
  const headingId = `standard-${standard._id}`;
  return (
    <Stack component="section" gap="md" aria-labelledby={headingId}>
      <div>
        <Title id={headingId} order={2} size="h3">
          {names.standard(standard)}
        </Title>
        {standard.subjects.length > 0 ? (
          <Group gap={6} mt="xs" role="list" aria-label={t`Subjects in ${names.standard(standard)}`}>
            {standard.subjects.map((subject) => (
              <Badge key={subject._id} role="listitem" variant="outline" color="gray" radius="sm" size="md" tt="none" fw={500}>
                {names.subject(subject)}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed" mt={4}>
            <Trans>Subjects for this standard will be announced soon.</Trans>
          </Text>
        )}
      </div>
      {batches.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {batches.map((batch) => (
            <BatchCard key={batch._id} batch={batch} />
          ))}
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>No batch is open for {names.standard(standard)} right now. Call the office to hear when the next one starts.</Trans>
        </Text>
      )}
    </Stack>
  );
}
