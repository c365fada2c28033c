import { Badge, Group, Skeleton, Stack } from '@mantine/core';
import { DetailList } from '../../../components/ui/detail-list';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { PhoneLink } from '../../../components/ui/phone-link';
import { formatDate } from '../../../lib/format-date';
import { PROFILE_FAILURES, useUserProfile } from '../api';
import { ChangePasswordForm } from './change-password-form';
import { ProfileIdentity } from './profile-identity';
import { SectionCard } from '../../../components/ui/section-card';
import { UserProfileForm } from './user-profile-form';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useLocalNames } from '../../../lib/public-settings';

const TEACHER_STATUS = { active: msg`Active`, inactive: msg`Inactive`, on_leave: msg`On leave` } as const;

/** The profile screen of an admin or a teacher (the same API; a teacher sees their teaching details too). */
export function UserProfilePage() {
  const { t, i18n } = useLingui();
  const profile = useUserProfile();
  const names = useLocalNames();
  return (
    <>
      <PageHeader title={t`Profile`} description={t`Your details and password.`} />
      {profile.isPending ? (
        <Skeleton h={320} radius="md" maw={880} aria-hidden="true" />
      ) : profile.isError ? (
        <LoadErrorAlert title={t`Profile could not be loaded`} error={profile.error} fallback={PROFILE_FAILURES.fetch} onRetry={() => void profile.refetch()} />
      ) : (
        <Stack gap="lg" maw={880}>
          <SectionCard title={t`Account`}>
            <ProfileIdentity name={profile.data.name} email={profile.data.email} avatarUrl={profile.data.avatarUrl} role={profile.data.role} />
            {profile.data.teacher ? (
              <DetailList
                cols={3}
                items={[
                  { label: t`Phone`, value: <PhoneLink phone={profile.data.teacher.phone} /> },
                  { label: t`Qualification`, value: profile.data.teacher.qualification },
                  { label: t`Joining date`, value: formatDate(profile.data.teacher.joiningDate) },
                  { label: t`Status`, value: i18n._(TEACHER_STATUS[profile.data.teacher.status]) },
                  {
                    label: t`Subjects`,
                    value:
                      profile.data.teacher.subjects.length > 0 ? (
                        <Group gap={4} component="span">
                          {profile.data.teacher.subjects.map((subject) => (
                            <Badge key={subject._id} variant="outline" color="indigo" tt="none" fw={500} radius="sm">
                              {names.subject(subject)}
                            </Badge>
                          ))}
                        </Group>
                      ) : null,
                  },
                ]}
              />
            ) : null}
          </SectionCard>
          <SectionCard title={t`Edit profile`} description={profile.data.teacher ? t`Your subjects, qualification and status are managed by the academy.` : undefined}>
            <UserProfileForm key={profile.data._id} profile={profile.data} />
          </SectionCard>
          <SectionCard title={t`Change password`} description={t`Your other devices are signed out when the password changes.`}>
            <ChangePasswordForm />
          </SectionCard>
        </Stack>
      )}
    </>
  );
}
