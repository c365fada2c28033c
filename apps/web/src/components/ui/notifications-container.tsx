import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';

/**
 * Where popups appear; loaded lazily by DeferredNotifications. One at a time (the next waits in the
 * queue), at the bottom so none covers the page's Edit and Delete buttons or the profile menu in the
 * top bar: centred on phones, where it spans the width, at the right on wider screens.
 */
export function NotificationsContainer() {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return <Notifications position={phone ? 'bottom-center' : 'bottom-right'} limit={1} />;
}
