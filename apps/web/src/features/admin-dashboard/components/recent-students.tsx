import { Text } from '@mantine/core';
import type { AdminDashboardSummary } from '@academy/shared/schemas/dashboard';
import { formatDate } from '../../../lib/format-date';
import { RecentListPanel } from './recent-list-panel';
import { useLingui } from '@lingui/react/macro';
import { useLocalNames } from '../../../lib/public-settings';

/** The five students added last, each opening their record. */
export function RecentStudents({ students }: { students: AdminDashboardSummary['recentStudents'] }) {
  const { t } = useLingui();
  const names = useLocalNames();
  return (
    <RecentListPanel
      id="recent-students"
      title={t`Recent students`}
      allLink={{ to: '/app/students', label: t`All students` }}
      empty={t`No students yet.`}
      items={students}
      itemLink={(student) => ({ to: `/app/students/${student._id}`, label: student.name })}
      detail={(student) => `${student.standard ? names.standard(student.standard) : t`No standard`} · ${student.email ?? t`No email`}`}
      aside={(student) => (
        <Text size="sm" c="dimmed" style={{ flexShrink: 0 }} title={t`Admission date`}>
          {formatDate(student.admissionDate)}
        </Text>
      )}
    />
  );
}
