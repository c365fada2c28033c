import { Drawer, Tooltip } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { useEffect, type ReactNode } from 'react';
import { modalsProviderMounted } from '../../lib/modals';
import { SHELL } from '../../lib/theme';
import { useLingui } from '@lingui/react/macro';

/*
 * The signed-in shell's layers over the page: dialogs, the profile menu, the phone's navigation drawer
 * and the collapsed rail's tooltips (and the outboxes' senders, which draw nothing). Together they bring Mantine's Modal, Popover, floating-ui and
 * ScrollArea code (about 60 KB gzipped), which no screen needs to be drawn. The shell loads this module
 * just after its first screen shows (lib/use-deferred-module.ts), so on a slow connection the screen's
 * own code and data come first (issue 17: a dashboard opened directly on Slow 3G).
 */

export { UserMenu } from './user-menu';
// The outboxes' senders draw nothing: they come with the overlays, after the first screen (decision 104).
export { AttendanceOutboxSender } from '../../features/attendance/components/attendance-outbox';
export { HandInOutboxSender } from '../../features/homework/components/hand-in-outbox';
export { Tooltip };

/** Mantine's dialogs (lib/modals.ts): a dialog asked for before this mounted opens now. */
export function DialogsHost() {
  useEffect(() => modalsProviderMounted(), []);
  return <ModalsProvider />;
}

/** The sidebar's place on phones and tablets: a drawer that slides in from the left. */
export function NavigationDrawer({ opened, onClose, title, children }: { opened: boolean; onClose: () => void; title: string; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <Drawer opened={opened} onClose={onClose} size={SHELL.sidebarWidth} padding="md" title={title} closeButtonProps={{ 'aria-label': t`Close navigation` }}>
      {children}
    </Drawer>
  );
}
