import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';

/**
 * Where popups appear; loaded lazily by DeferredNotifications. One at a time (the next waits in the
 * queue). On phones at the bottom, spanning the width, clear of the top bar. On wider screens at the
 * top centre: clear of the page's Edit and Delete buttons and the profile menu (right), and of a
 * form's Save and Cancel buttons (bottom), where a resting mouse pointer would keep it open.
 */
export function NotificationsContainer() {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return <Notifications position={phone ? 'bottom-center' : 'top-center'} limit={1} />;
}
