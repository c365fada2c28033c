import { Skeleton, Stack } from '@mantine/core';
import { BatchSummaryList } from '../../../features/batches/components/batch-summary-list';
import { DetailList } from '../../../components/ui/detail-list';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { PhoneLink } from '../../../components/ui/phone-link';
import { formatDate } from '../../../lib/format-date';
import { PROFILE_FAILURES, useStudentDetails } from '../../../features/profile/api';
import { ChangePasswordForm } from '../../../features/profile/components/change-password-form';
import { ProfileIdentity } from '../../../features/profile/components/profile-identity';
import { SectionCard } from '../../../components/ui/section-card';
import { StudentProfileForm } from '../../../features/profile/components/student-profile-form';
import { useLingui } from '@lingui/react/macro';
import { useCurrentUser } from '../../../lib/session';
import { PushNotificationsCard } from '../../../features/push/components/push-notifications-card';
import { SubjectBadges } from '../../../components/ui/subject-badges';
import { useLocalNames } from '../../../lib/public-settings';

export function Component() {
  const details = useStudentDetails();
  const user = useCurrentUser();
  const { t } = useLingui();
  const names = useLocalNames();
  return (
    <>
      <PageHeader title={t`Profile`} description={t`Your details, batches and password.`} />
      {details.isPending ? (
        <Skeleton h={320} radius="md" maw={880} aria-hidden="true" />
      ) : details.isError ? (
        <LoadErrorAlert title={t`Profile could not be loaded`} error={details.error} fallback={PROFILE_FAILURES.fetch} onRetry={() => void details.refetch()} />
      ) : (
        <Stack gap="lg" maw={880}>
          <SectionCard title={t`Account`} description={t`To change your name or email, please ask the academy office.`}>
            <ProfileIdentity name={details.data.profile.name} email={details.data.profile.email} avatarUrl={details.data.profile.avatarUrl} role="student" />
            <DetailList
              cols={3}
              items={[
                { label: t`Student ID`, value: details.data.profile.studentCode },
                { label: t`Standard`, value: details.data.standard ? names.standard(details.data.standard) : t`No standard` },
                { label: t`School`, value: details.data.profile.school },
                { label: t`Admission date`, value: formatDate(details.data.profile.admissionDate) },
                { label: t`Phone`, value: <PhoneLink phone={details.data.profile.phone} /> },
                { label: t`Parent`, value: details.data.profile.parentName },
                { label: t`Parent phone`, value: <PhoneLink phone={details.data.profile.parentPhone} /> },
                {
                  label: t`Subjects`,
                  value: details.data.standard?.subjects.length ? <SubjectBadges subjects={details.data.standard.subjects} /> : null,
                },
              ]}
            />
          </SectionCard>
          <SectionCard title={t`Batches`}>
            <BatchSummaryList batches={details.data.batches} empty={t`You are not in any batch yet.`} showTeacher />
          </SectionCard>
          <SectionCard title={t`Edit profile`}>
            <StudentProfileForm key={details.data.profile._id} student={details.data.profile} />
          </SectionCard>
          {user ? <PushNotificationsCard userId={user._id} /> : null}
          <SectionCard title={t`Change password`} description={t`Your other devices are signed out when the password changes.`}>
            <ChangePasswordForm />
          </SectionCard>
        </Stack>
      )}
    </>
  );
}
