import { Badge, Group } from '@mantine/core';

/** Named records (a standard's subjects, a student's batches) as a list of light badges, named by `label`. */
export function NameBadges({ label, items }: { label: string; items: readonly { _id: string; name: string }[] }) {
  return (
    <Group gap={6} role="list" aria-label={label}>
      {items.map((item) => (
        <Badge key={item._id} role="listitem" variant="light" radius="sm" tt="none" fw={500}>
          {item.name}
        </Badge>
      ))}
    </Group>
  );
}
