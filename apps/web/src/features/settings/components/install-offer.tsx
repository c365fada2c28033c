import { useEffect, useState } from 'react';
import { Button, CloseButton, Group, List, Paper, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { dismissInstallOffer, installFacts, installOfferKind, installPrompt, onInstallPrompt } from '../../../lib/install-offer';
import { usePublicSettings } from '../api';

/**
 * One quiet offer to add the academy's app to the home screen (issue 78): a parent's or student's
 * second sign-in on a phone without it. Android: its own install prompt; iPhone: the two steps. Once
 * closed (or used) it never comes back on this device.
 */
export function InstallOffer() {
  const { t } = useLingui();
  const academy = usePublicSettings().data?.name;
  const [kind, setKind] = useState(() => installOfferKind(installFacts(true)));
  useEffect(() => onInstallPrompt(() => setKind(installOfferKind(installFacts(true)))), []);
  if (!kind || !academy) return null;

  const close = () => {
    dismissInstallOffer();
    setKind(null);
  };
  const add = async () => {
    const prompt = installPrompt();
    close();
    if (prompt) await prompt.prompt().catch(() => undefined);
  };

  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      role="region"
      aria-label={t`Add ${academy} to your home screen`}
      data-testid="install-offer"
      style={{ position: 'fixed', left: 12, right: 12, bottom: 12, zIndex: 150, maxWidth: 420, marginInline: 'auto' }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text size="sm" fw={600}>
          <Trans>Add {academy} to your home screen: it opens like an app, one tap away.</Trans>
        </Text>
        <CloseButton aria-label={t`Not now`} onClick={close} />
      </Group>
      {kind === 'prompt' ? (
        <Group justify="flex-end" mt="xs">
          <Button size="xs" variant="default" onClick={close}>
            <Trans>Not now</Trans>
          </Button>
          <Button size="xs" onClick={() => void add()}>
            <Trans>Add</Trans>
          </Button>
        </Group>
      ) : (
        <List type="ordered" size="sm" mt="xs" spacing={2}>
          <List.Item>
            <Trans>Tap the Share button (the square with an arrow) at the bottom of Safari.</Trans>
          </List.Item>
          <List.Item>
            <Trans>Choose “Add to Home Screen”.</Trans>
          </List.Item>
        </List>
      )}
    </Paper>
  );
}
