import { Badge, Group } from '@mantine/core';
import { useLocalNames } from '../../lib/public-settings';

/** Subjects as outline badges, each named in the reader's language (a teacher's record, a student's profile). */
export function SubjectBadges({ subjects }: { subjects: readonly { _id: string; name: string }[] }) {
  const names = useLocalNames();
  return (
    <Group gap={4} component="span">
      {subjects.map((subject) => (
        <Badge key={subject._id} variant="outline" color="indigo" tt="none" fw={500} radius="sm">
          {names.subject(subject)}
        </Badge>
      ))}
    </Group>
  );
}
