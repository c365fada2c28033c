import { UserProfilePage } from '../../../features/profile/components/user-profile-page';

export function Component() {
  return <UserProfilePage />;
}
