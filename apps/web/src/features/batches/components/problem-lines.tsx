import { List } from '@mantine/core';
import { problemLine, type StudentProblem } from '../add-students';

/** A refusal's lines (one per student, or the batch's capacity), each wrapping where it must. */
export function ProblemLines({ lines }: { lines: readonly string[] }) {
  return (
    <List size="sm" spacing={4}>
      {lines.map((line) => (
        <List.Item key={line} style={{ overflowWrap: 'anywhere' }}>
          {line}
        </List.Item>
      ))}
    </List>
  );
}

/** The timetable clashes the server named, a line per student, named by `nameOf`. */
export function ClashLines({ clashes, nameOf }: { clashes: readonly StudentProblem[]; nameOf: (studentId: string) => string | undefined }) {
  return (
    <List size="sm" spacing={4}>
      {clashes.map((clash) => (
        <List.Item key={clash.studentId}>{problemLine(clash, nameOf(clash.studentId))}</List.Item>
      ))}
    </List>
  );
}
