import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';

export function Component() {
  useDocumentTitle('Academy');
  return (
    <Stack component="section" gap="lg" py={{ base: 'xl', sm: 64 }} maw={720}>
      <Title order={1} fz={{ base: 36, sm: 52 }} lh={1.1}>
        Academy
      </Title>
      <Text size="lg" c="dimmed">
        Coaching for school students in small batches, with teachers who follow each student&apos;s progress.
      </Text>
      <Group>
        <Button component={Link} to="/courses" size="md">
          Explore Courses
        </Button>
        <Button component={Link} to="/admission" size="md" variant="default">
          Apply for Admission
        </Button>
      </Group>
    </Stack>
  );
}
