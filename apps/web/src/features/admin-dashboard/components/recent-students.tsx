import { Text } from '@mantine/core';
import type { AdminDashboardSummary } from '@academy/shared/schemas/dashboard';
import { formatDate } from '../../../lib/format-date';
import { RecentListPanel } from './recent-list-panel';

/** The five students added last, each opening their record. */
export function RecentStudents({ students }: { students: AdminDashboardSummary['recentStudents'] }) {
  return (
    <RecentListPanel
      id="recent-students"
      title="Recent students"
      allLink={{ to: '/app/students', label: 'All students' }}
      empty="No students yet."
      items={students}
      itemLink={(student) => ({ to: `/app/students/${student._id}`, label: student.name })}
      detail={(student) => `${student.standard ? student.standard.name : 'No standard'} · ${student.email}`}
      aside={(student) => (
        <Text size="sm" c="dimmed" style={{ flexShrink: 0 }} title="Admission date">
          {formatDate(student.admissionDate)}
        </Text>
      )}
    />
  );
}
