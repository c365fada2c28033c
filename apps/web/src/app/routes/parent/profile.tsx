import { Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../../components/ui/page-header';
import { useCurrentUser } from '../../../lib/session';
import { ChangePasswordForm } from '../../../features/profile/components/change-password-form';
import { ProfileIdentity } from '../../../features/profile/components/profile-identity';
import { SectionCard } from '../../../components/ui/section-card';
import { PushNotificationsCard } from '../../../features/push/components/push-notifications-card';

/** A parent's account: who they are signed in as, notifications on this phone, and their password. */
export function Component() {
  const { t } = useLingui();
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title={t`Profile`} description={t`Your account, notifications and password.`} />
      <Stack gap="lg" maw={880}>
        {user ? (
          <SectionCard title={t`Account`} description={t`To change your name, email or phone, please ask the academy office.`}>
            <ProfileIdentity name={user.name} email={user.email} avatarUrl={user.avatarUrl} role="parent" />
          </SectionCard>
        ) : null}
        {user ? <PushNotificationsCard userId={user._id} /> : null}
        <SectionCard title={t`Change password`}>
          <ChangePasswordForm />
        </SectionCard>
      </Stack>
    </>
  );
}
