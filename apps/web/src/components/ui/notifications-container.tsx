import { useEffect } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { dropRepeatedTitles, showNewestPopupFirst } from './newest-popup';

/**
 * Where popups appear; loaded lazily by DeferredNotifications. One at a time: the newest replaces one
 * that would close by itself (newest-popup.ts), others wait in the queue. On phones at the bottom,
 * spanning the width, clear of the top bar. On wider screens at the top centre: clear of the page's Edit
 * and Delete buttons and the profile menu (right), and of a form's Save and Cancel buttons (bottom),
 * where a resting mouse pointer would keep it open. A text that only repeats the title shows once.
 */
export function NotificationsContainer() {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  useEffect(() => showNewestPopupFirst(), []);
  useEffect(() => dropRepeatedTitles(), []);
  return <Notifications position={phone ? 'bottom-center' : 'top-center'} limit={1} />;
}
