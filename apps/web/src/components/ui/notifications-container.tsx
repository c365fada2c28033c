import { Notifications } from '@mantine/notifications';

/** Where popups appear; loaded lazily by DeferredNotifications. */
export function NotificationsContainer() {
  return <Notifications position="top-right" limit={4} />;
}
