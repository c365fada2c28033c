import { Alert, Anchor, Avatar, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArchive, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { StudentDetail } from '@academy/shared/schemas/students';
import { BatchSummaryList } from '../../../../components/ui/batch-summary-list';
import { DetailList } from '../../../../components/ui/detail-list';
import { LoadErrorAlert } from '../../../../components/ui/load-error-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { PhoneLink } from '../../../../components/ui/phone-link';
import { formatDate } from '../../../../lib/format-date';
import { StudentAttendanceSection } from '../../../../features/attendance/components/student-attendance-section';
import { STUDENT_FAILURES, useStudent } from '../../../../features/students/api';
import { StudentStatusBadge } from '../../../../features/students/components/student-status-badge';
import { useConfirmArchiveStudent } from '../../../../features/students/components/use-confirm-archive-student';
import { GENDER_OPTIONS } from '../../../../features/teachers/teacher-form';
import { HistoryPanel } from '../../../../features/audit-log/components/history-panel';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function StudentProfile({ student }: { student: StudentDetail }) {
  return (
    <Stack gap="lg">
      {student.status === 'archived' ? (
        <Alert color="gray" variant="light" title="Archived">
          This student is archived: their records are kept, and they can no longer sign in.
        </Alert>
      ) : null}
      <Section title="Profile">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Avatar src={student.avatarUrl} name={student.name} color="initials" size="lg" alt="" />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600} size="lg">
                {student.name}
              </Text>
              <StudentStatusBadge status={student.status} />
            </Group>
            <Anchor href={`mailto:${student.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {student.email}
            </Anchor>
          </Stack>
        </Group>
        <DetailList
          cols={3}
          items={[
            { label: 'Standard', value: student.standard?.name ?? 'No standard' },
            { label: 'School', value: student.school },
            { label: 'Admission date', value: formatDate(student.admissionDate) },
            { label: 'Phone', value: <PhoneLink phone={student.phone} /> },
            { label: 'Gender', value: GENDER_OPTIONS.find((option) => option.value === student.gender)?.label },
            { label: 'Date of birth', value: student.dateOfBirth ? formatDate(student.dateOfBirth) : null },
            { label: 'Address', value: student.address },
          ]}
        />
      </Section>
      <Section title="Parent or guardian">
        <DetailList
          cols={3}
          items={[
            { label: 'Name', value: student.parentName },
            { label: 'Phone', value: <PhoneLink phone={student.parentPhone} /> },
            { label: 'Email', value: student.parentEmail },
          ]}
        />
      </Section>
      <Section title="Batches">
        <BatchSummaryList batches={student.batches} empty="Not enrolled in any batch yet." showTeacher />
      </Section>
      {/* Attendance (issue 6): the percentage per batch and the student-wise view. */}
      <StudentAttendanceSection studentId={student._id} batches={student.batches} />
      <Section title="Account">
        <DetailList
          cols={3}
          items={[
            { label: 'Status', value: student.status === 'active' ? 'Active, can sign in' : 'Archived, cannot sign in' },
            { label: 'Password', value: student.passwordSet ? 'Set' : 'Not set yet (link mailed)' },
            { label: 'Last sign-in', value: student.lastLoginAt ? formatDate(student.lastLoginAt) : 'Never' },
          ]}
        />
      </Section>
    </Stack>
  );
}

export function Component() {
  const { id = '' } = useParams();
  const student = useStudent(id);
  const confirmArchive = useConfirmArchiveStudent();

  return (
    <>
      <PageHeader
        title="Student Details"
        description={student.data?.name}
        actions={
          student.data ? (
            <Group gap="xs">
              <Button component={Link} to={`/app/students/${id}/edit`} variant="light" leftSection={<IconPencil size={18} aria-hidden="true" />}>
                Edit
              </Button>
              {student.data.status === 'active' ? (
                <Button variant="light" color="red" leftSection={<IconArchive size={18} aria-hidden="true" />} onClick={() => student.data && confirmArchive(student.data)}>
                  Archive
                </Button>
              ) : null}
            </Group>
          ) : null
        }
      />
      {student.isPending ? (
        <Skeleton h={320} radius="md" aria-hidden="true" />
      ) : student.isError ? (
        <LoadErrorAlert title="Student could not be loaded" error={student.error} fallback={STUDENT_FAILURES.fetch} onRetry={() => void student.refetch()} />
      ) : (
        <Stack gap="lg">
          <StudentProfile student={student.data} />
          <HistoryPanel entityId={id} />
        </Stack>
      )}
    </>
  );
}
