import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconArchive, IconKey, IconUsersPlus } from '@tabler/icons-react';
import { useParams } from 'react-router';
import type { StudentDetail } from '@academy/shared/schemas/students';
import { BatchSummaryList } from '../../../features/batches/components/batch-summary-list';
import { DetailList } from '../../../components/ui/detail-list';
import { DetailActions, DetailPage, PersonEmail, PersonHeader, SectionCard } from '../../../components/detail-page';
import { PhoneLink } from '../../../components/ui/phone-link';
import { NotGiven } from '../../../components/ui/not-given';
import { formatDate } from '../../../lib/format-date';
import { StudentAttendanceSection } from '../../../features/attendance/components/student-attendance-section';
import { StudentExamsSection } from '../../../features/exams/components/student-exams-section';
import { STUDENT_FAILURES, useStudent } from '../../../features/students/api';
import { StudentStatusBadge } from '../../../features/students/components/student-status-badge';
import { BOARD_LABELS, MEDIUM_LABELS } from '../../../features/students/student-form';
import { useConfirmArchiveStudent } from '../../../features/students/components/use-confirm-archive-student';
import { useSignInSlipDialog } from '../../../features/students/components/sign-in-slip';
import { useEnrolStudentDialog } from '../../../features/batches/components/enrol-student';
import { LateJoinChoice } from '../../../features/fees/components/late-join-choice';
import { GENDER_MESSAGES } from '../../../lib/gender';
import { Trans, useLingui } from '@lingui/react/macro';
import { HistoryPanel } from '../../../features/audit-log/components/history-panel';
import { StudentFeesSection } from '../../../features/fees/components/student-fees-section';
import { StudentParentsSection } from '../../../features/parents/components/student-parents-section';
import { useLocalNames } from '../../../lib/public-settings';

// A section's button may be longer than a 360 px card in Marathi or Hindi: its words wrap instead of being cut.
const WRAPPING_BUTTON = { root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 6 }, label: { whiteSpace: 'normal', textAlign: 'left' } } as const;

function StudentProfile({ student }: { student: StudentDetail }) {
  const { t, i18n } = useLingui();
  const names = useLocalNames();
  const openSlip = useSignInSlipDialog();
  const openEnrol = useEnrolStudentDialog((props) => <LateJoinChoice {...props} />);
  const active = student.status === 'active';
  return (
    <Stack gap="lg">
      {student.status === 'archived' ? (
        <Alert color="gray" variant="light" title={t`Archived`}>
          <Trans>This student is archived: their records are kept, and they can no longer sign in.</Trans>
        </Alert>
      ) : null}
      {student.status === 'alumni' ? (
        <Alert color="gray" variant="light" title={t`Alumni`}>
          <Trans>This student left from the last standard at a new academic year: their records are kept to read, and they can no longer sign in. Restore them to active to change anything.</Trans>
        </Alert>
      ) : null}
      <SectionCard title={t`Profile`}>
        <PersonHeader name={student.name} avatarUrl={student.avatarUrl} badge={<StudentStatusBadge status={student.status} />}>
          <Text size="sm">
            <Trans>Student ID</Trans>: <strong>{student.studentCode}</strong>
          </Text>
          {student.email ? (
            <PersonEmail email={student.email} />
          ) : (
            <Text size="sm" c="dimmed">
              <Trans>No email: signs in with the student ID</Trans>
            </Text>
          )}
        </PersonHeader>
        <DetailList
          cols={3}
          items={[
            { label: t`Standard`, value: student.standard ? names.standard(student.standard) : t`No standard` },
            { label: t`School`, value: student.school },
            { label: t`Board`, value: student.board ? i18n._(BOARD_LABELS[student.board]) : null },
            { label: t({ message: 'Medium', context: 'language a school teaches in' }), value: student.medium ? i18n._(MEDIUM_LABELS[student.medium]) : null },
            { label: t`Admission date`, value: formatDate(student.admissionDate) },
            { label: t`Phone`, value: <PhoneLink phone={student.phone} /> },
            // Unknown stays empty and says so (decision 040), never a made-up "male".
            { label: t`Gender`, value: student.gender ? i18n._(GENDER_MESSAGES[student.gender]) : <NotGiven /> },
            { label: t`Date of birth`, value: student.dateOfBirth ? formatDate(student.dateOfBirth) : null },
            { label: t`Address`, value: student.address ?? <NotGiven /> },
          ]}
        />
      </SectionCard>
      {/* One parents block (decision 030): the record's parent name and phone are the first parent here. */}
      <StudentParentsSection studentId={student._id} />
      <SectionCard
        title={t`Batches`}
        // Enrol from the student's own page (issue 42): the batch's fee plan makes the dues shown under Fees.
        actions={
          active ? (
            <Button variant="light" size="sm" maw="100%" styles={WRAPPING_BUTTON} leftSection={<IconUsersPlus size={18} aria-hidden="true" />} onClick={() => openEnrol(student)}>
              <Trans>Enrol in a batch</Trans>
            </Button>
          ) : null
        }
      >
        <BatchSummaryList batches={student.batches} empty={t`Not enrolled in any batch yet.`} showTeacher />
      </SectionCard>
      {/* Attendance (issue 6): the percentage per batch and the student-wise view. */}
      <StudentAttendanceSection studentId={student._id} batches={student.batches} />
      {/* Tests and marks (issue 23): results, progress and the report card. */}
      <StudentExamsSection studentId={student._id} reportCard />
      <SectionCard
        title={t`Account`}
        actions={
          active ? (
            <Button variant="light" size="sm" maw="100%" styles={WRAPPING_BUTTON} leftSection={<IconKey size={18} aria-hidden="true" />} onClick={() => openSlip(student)}>
              <Trans>New password and sign-in slip</Trans>
            </Button>
          ) : null
        }
      >
        <DetailList
          cols={3}
          items={[
            { label: t`Status`, value: student.status === 'active' ? t`Active, can sign in` : t`Archived, cannot sign in` },
            {
              label: t`Password`,
              // Without an email no link could be mailed: the office chooses the password (Edit).
              value: student.passwordSet ? t`Set` : student.email ? t`Not set yet (link mailed)` : t`Not set yet: give one with "New password and sign-in slip" (no email to mail a link to)`,
            },
            { label: t`Last sign-in`, value: student.lastLoginAt ? formatDate(student.lastLoginAt) : t`Never` },
          ]}
        />
      </SectionCard>
    </Stack>
  );
}

export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const student = useStudent(id);
  const confirmArchive = useConfirmArchiveStudent();

  return (
    <DetailPage
      query={student}
      title={t`Student Details`}
      description={(data) => data.name}
      actions={(data) => (
        <DetailActions
          editTo={`/app/students/${id}/edit`}
          after={
            data.status === 'active' ? (
              <Button variant="light" color="red" leftSection={<IconArchive size={18} aria-hidden="true" />} onClick={() => confirmArchive(data)}>
                <Trans>Archive</Trans>
              </Button>
            ) : null
          }
        />
      )}
      errorTitle={t`Student could not be loaded`}
      errorFallback={STUDENT_FAILURES.fetch}
      skeletonHeight={320}
    >
      {(data) => (
        <>
          <StudentProfile student={data} />
          <StudentFeesSection studentId={id} />
          <HistoryPanel entityId={id} />
        </>
      )}
    </DetailPage>
  );
}
