import { ActionIcon, Box, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications as popups } from '@mantine/notifications';
import { IconBell, IconChecks } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { Notification } from '@academy/shared/schemas/notifications';
import { hasMoreNotifications } from '@academy/shared/notification-pages';
import { normalizeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { flattenPages, notificationTarget, useMarkAllNotificationsRead, useMarkNotificationRead, useNotificationPages } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';

function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: (notification: Notification) => void }) {
  const { t } = useLingui();
  return (
    <UnstyledButton
      onClick={() => onOpen(notification)}
      px="sm"
      py={10}
      w="100%"
      style={{ borderRadius: 'var(--mantine-radius-sm)', background: notification.isRead ? undefined : 'var(--mantine-primary-color-light)' }}
      aria-label={notification.isRead ? notification.message : t`Unread: ${notification.message}`}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Box
          mt={7}
          w={8}
          h={8}
          style={{ flexShrink: 0, borderRadius: '50%', background: notification.isRead ? 'transparent' : 'var(--mantine-primary-color-filled)' }}
          aria-hidden="true"
        />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={notification.isRead ? 400 : 600} style={{ overflowWrap: 'anywhere' }}>
            {notification.message}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(notification.createdAt)}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/**
 * The student's bell (spec sections 2, 4, 7, 8, 9): unread badge; a panel of 5 per page with Load
 * More; a click marks an unread one read (failures ignored), closes the panel and opens what it is
 * about. A failed first load shows an empty bell; a failed Load More is only logged. Polls while the
 * tab is visible.
 */
export function NotificationBell() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [opened, panel] = useDisclosure(false);
  const pages = useNotificationPages();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const { notifications, unreadCount, total, pagesLoaded } = flattenPages(pages.data);
  const canLoadMore = pagesLoaded > 0 && hasMoreNotifications(total, pagesLoaded);

  const open = (notification: Notification) => {
    if (!notification.isRead) markRead.mutate(notification._id, { onError: () => {} });
    panel.close();
    const target = notificationTarget(notification);
    if (target) void navigate(target);
  };

  const loadMore = () =>
    void pages.fetchNextPage().then((result) => {
      if (result.isFetchNextPageError) console.error('Loading more notifications failed', result.error);
    });

  const readAll = () =>
    markAllRead.mutate(undefined, {
      onError: (error) => popups.show({ title: t`Notifications not marked`, message: normalizeError(error).message, color: 'red' }),
    });

  const label = unreadCount > 0 ? t`Notifications, ${unreadCount} unread` : t`Notifications`;
  return (
    // The badge wraps the popover, not the other way round: Popover.Target puts aria-expanded on its
    // child, which must be the button (a div may not carry it).
    <Indicator label={unreadCount > 99 ? '99+' : unreadCount} size={18} offset={6} color="red" disabled={unreadCount === 0} data-testid="notification-count">
    <Popover opened={opened} onChange={(value) => (value ? panel.open() : panel.close())} position="bottom-end" shadow="md" width="min(360px, calc(100vw - 24px))" withinPortal trapFocus>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" onClick={panel.toggle} aria-label={label} aria-expanded={opened} aria-haspopup="dialog">
          <IconBell size={22} aria-hidden="true" />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="xs" role="dialog" aria-label={t`Notifications`}>
        <Group justify="space-between" px="xs" pb="xs" gap="xs">
          <Text fw={700}><Trans>Notifications</Trans></Text>
          <Button variant="subtle" size="compact-sm" px={6} leftSection={<IconChecks size={16} aria-hidden="true" />} onClick={readAll} disabled={unreadCount === 0} loading={markAllRead.isPending}>
            <Trans>Mark all as read</Trans>
          </Button>
        </Group>
        {notifications.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="lg">
            {pages.isPending ? t`Loading...` : t`No notifications yet.`}
          </Text>
        ) : (
          <ScrollArea.Autosize mah="min(60vh, 420px)" type="auto">
            <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {notifications.map((notification) => (
                <li key={notification._id}>
                  <NotificationItem notification={notification} onOpen={open} />
                </li>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        {canLoadMore ? (
          <Button variant="light" fullWidth mt="xs" onClick={loadMore} loading={pages.isFetchingNextPage}>
            <Trans>Load More</Trans>
          </Button>
        ) : null}
      </Popover.Dropdown>
    </Popover>
    </Indicator>
  );
}
