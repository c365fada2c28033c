import { Badge, Group, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { AbsenceReason } from '@academy/shared/schemas/conversations';

/**
 * A family's reason for an absence (issue 60: their reply to the absence alert), as the teacher's sheet,
 * the student's history and the office's absent-today list show it: "Sick — reported by Sunita Patil
 * (mother)", and "Excused" once the office accepted it.
 */
export function AbsenceReasonNote({ reason }: { reason: AbsenceReason }) {
  const { t } = useLingui();
  const relations: Record<string, string> = { mother: t`mother`, father: t`father`, guardian: t`guardian`, other: t`family` };
  const relation = relations[reason.by.relation] ?? reason.by.relation;
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t`${reason.text} — reported by ${reason.by.name} (${relation})`}
      </Text>
      {reason.excused ? (
        <Badge size="sm" color="teal" variant="light">
          {t`Excused`}
        </Badge>
      ) : null}
    </Group>
  );
}
