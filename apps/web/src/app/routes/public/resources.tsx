import { Button, EmptyState, Group } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';

export function Component() {
  return (
    <>
      <PageHeader
        title="Resources"
        description="Free study material from our teachers: notes, practice questions and past papers."
        metaDescription="Free study material from the academy's teachers: notes, practice questions and past papers for 9th to 12th."
      />
      <EmptyState
        py={48}
        icon={<IconBooks size={32} stroke={1.5} aria-hidden="true" />}
        withIndicatorBackground
        title="Nothing here yet"
        description="Our teachers will share free notes and practice papers here soon. Students of the academy find their batch's notes in their account."
      >
        <EmptyState.Actions>
          <Group justify="center" gap="sm">
            <Button component={Link} to="/courses" variant="default">
              See Courses
            </Button>
            <Button component={Link} to="/login">
              Student Login
            </Button>
          </Group>
        </EmptyState.Actions>
      </EmptyState>
    </>
  );
}
