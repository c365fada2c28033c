import { Alert, Badge, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { SectionCard } from '../../../components/ui/section-card';
import { usePushNotifications } from '../use-push-notifications';

/**
 * "Notifications on this phone" (issue 37): a parent or student turns Web Push on for this browser
 * (the academy's messages then arrive as the app's notifications, before WhatsApp or SMS) or off.
 */
export function PushNotificationsCard({ userId }: { userId: string }) {
  const { t } = useLingui();
  const push = usePushNotifications(userId);
  const on = push.state === 'on';
  const available = push.state === 'on' || push.state === 'off';
  const badge = {
    checking: null,
    on: { label: t`On`, color: 'teal' },
    off: { label: t`Off`, color: 'gray' },
    blocked: { label: t`Blocked`, color: 'red' },
    unsupported: { label: t`Not available`, color: 'gray' },
  }[push.state];

  const stateBadge = badge ? (
    <Badge color={badge.color} variant="light" size="lg" data-testid="push-state" style={{ flexShrink: 0 }}>
      {badge.label}
    </Badge>
  ) : (
    <Loader size="sm" aria-label={t`Checking notifications`} />
  );

  return (
    <SectionCard
      title={t`Notifications on this phone`}
      description={t`Messages from the academy (absences, fees, results) arrive as notifications of this app, even when it is closed.`}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="nowrap" align="center">
          {available ? (
            <Group gap="sm" wrap="nowrap" align="center">
              <Switch
                size="md"
                checked={on}
                disabled={push.busy}
                onChange={(event) => void (event.currentTarget.checked ? push.turnOn() : push.turnOff())}
                label={on ? t`Notifications are on for this phone` : t`Turn on notifications for this phone`}
              />
              {push.busy ? <Loader size="xs" /> : null}
            </Group>
          ) : (
            <div />
          )}
          {stateBadge}
        </Group>
        {push.state === 'blocked' ? (
          <Text size="sm">{t`Notifications are blocked for this site in the browser's settings. Allow them there (the lock or ⋮ menu beside the address, then Notifications), then open this page again.`}</Text>
        ) : null}
        {push.state === 'unsupported' ? (
          <Text size="sm">{t`This browser cannot show the academy's notifications. On Android, open the academy in Chrome; on an iPhone, add the app to the home screen first. Messages still reach you by WhatsApp, SMS or email.`}</Text>
        ) : null}
        {push.state === 'off' && !push.error ? <Text size="sm" c="dimmed">{t`When off, messages reach the family by WhatsApp, SMS or email as before.`}</Text> : null}
        {push.error ? (
          <Alert color="red" variant="light" role="alert">
            {push.error}
          </Alert>
        ) : null}
      </Stack>
    </SectionCard>
  );
}
