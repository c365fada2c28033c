import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import type { Teacher, TeacherStudent } from '@academy/shared/schemas/teachers';
import { BatchSummaryList } from '../../../features/batches/components/batch-summary-list';
import { DetailList } from '../../../components/ui/detail-list';
import { DetailActions, DetailPage, PersonEmail, PersonHeader, SectionCard } from '../../../components/detail-page';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PhoneLink } from '../../../components/ui/phone-link';
import { formatDate } from '../../../lib/format-date';
import { TEACHER_FAILURES, useTeacher, useTeacherBatches, useTeacherStudents } from '../../../features/teachers/api';
import { TeacherStatusBadge } from '../../../features/teachers/components/teacher-status-badge';
import { useConfirmDeleteTeacher } from '../../../features/teachers/components/use-confirm-delete-teacher';
import { GENDER_MESSAGES } from '../../../lib/gender';
import { HistoryPanel } from '../../../features/audit-log/components/history-panel';
import { PaySettingsForm } from '../../../features/pay/components/pay-settings-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { SubjectBadges } from '../../../components/ui/subject-badges';
import { useLocalNames } from '../../../lib/public-settings';
import { QueryStates } from '../../../components/ui/query-states';

function Profile({ teacher }: { teacher: Teacher }) {
  const { t, i18n } = useLingui();
  return (
    <SectionCard title={t`Profile`}>
      <PersonHeader name={teacher.name} avatarUrl={teacher.avatarUrl} badge={<TeacherStatusBadge status={teacher.status} />}>
        <PersonEmail email={teacher.email} />
      </PersonHeader>
      {teacher.status === 'inactive' ? (
        <Text size="sm" c="dimmed">
          <Trans>This teacher is inactive and cannot sign in.</Trans>
        </Text>
      ) : null}
      <DetailList
        cols={3}
        items={[
          { label: t`Phone`, value: <PhoneLink phone={teacher.phone} /> },
          { label: t`Qualification`, value: teacher.qualification },
          { label: t`Joining date`, value: formatDate(teacher.joiningDate) },
          { label: t`Gender`, value: teacher.gender ? i18n._(GENDER_MESSAGES[teacher.gender]) : null },
          { label: t`Address`, value: teacher.address },
          { label: t`Last sign-in`, value: teacher.lastLoginAt ? formatDate(teacher.lastLoginAt) : teacher.passwordSet ? t`Never` : t`Password not set yet` },
          {
            label: t`Subjects`,
            value: teacher.subjects.length > 0 ? <SubjectBadges subjects={teacher.subjects} /> : null,
          },
        ]}
      />
    </SectionCard>
  );
}

function StudentCards({ students }: { students: TeacherStudent[] }) {
  const { t } = useLingui();
  const names = useLocalNames();
  if (students.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>No students in this teacher's batches yet.</Trans>
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {students.map((student) => (
        <Card key={student._id} component="li" withBorder radius="md" padding="sm">
          <Stack gap={4}>
            <Anchor component={Link} to={`/app/students/${student._id}`} fw={600}>
              {student.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {student.standard ? names.standard(student.standard) : t`No standard`} · {student.batches.map((batch) => batch.name).join(', ')}
            </Text>
            <Group gap="xs">
              <PhoneLink phone={student.phone} />
              {student.parentPhone ? (
                <Text size="xs" c="dimmed" span>
                  <Trans>
                    Parent: <PhoneLink phone={student.parentPhone} size="xs" />
                  </Trans>
                </Text>
              ) : null}
            </Group>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const teacher = useTeacher(id);
  const batches = useTeacherBatches(id);
  const students = useTeacherStudents(id);
  const confirmDelete = useConfirmDeleteTeacher(() => void navigate('/app/teachers'));

  return (
    <DetailPage
      query={teacher}
      title={t`Teacher Details`}
      description={(data) => data.name}
      actions={(data) => <DetailActions editTo={`/app/teachers/${id}/edit`} onDelete={() => confirmDelete(data)} />}
      errorTitle={t`Teacher could not be loaded`}
      errorFallback={TEACHER_FAILURES.fetch}
    >
      {(data) => (
        <>
          <Profile teacher={data} />
          <SectionCard title={t`Batches`}>
            {batches.isPending ? (
              <Skeleton h={120} radius="md" aria-hidden="true" />
            ) : batches.isError ? (
              <LoadErrorAlert title={t`Batches could not be loaded`} error={batches.error} fallback={TEACHER_FAILURES.fetchBatches} onRetry={() => void batches.refetch()} />
            ) : (
              <BatchSummaryList batches={batches.data} empty={t`This teacher has no batches yet.`} />
            )}
          </SectionCard>
          <SectionCard title={t`Students`}>
            <QueryStates query={students} skeleton={120} errorTitle={t`Students could not be loaded`} errorFallback={TEACHER_FAILURES.fetchStudents}>
              {(data) => (
                <StudentCards students={data} />
              )}
            </QueryStates>
          </SectionCard>
          {/* Staff pay (issue 58): how this teacher is paid, with a rate for each of their batches. */}
          <SectionCard title={t`Pay`}>
            <PaySettingsForm teacherId={id} batches={batches.data ?? []} />
          </SectionCard>
          <HistoryPanel entityId={id} />
        </>
      )}
    </DetailPage>
  );
}
