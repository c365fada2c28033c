import { useState } from 'react';
import { Alert, Badge, Button, Card, Center, Container, Group, Loader, Modal, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { Navigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OperatorAcademy, OperatorAction } from '@academy/shared/schemas/operator';
import { normalizeError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { formatNumber } from '../../../lib/format-number';
import { msg } from '@lingui/core/macro';
import { formatBytes } from '../../../features/backups/backup-display';
import { AppForm } from '../../../features/settings/components/settings-app';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { operatorTwaManifestUrl, useAcademyAction, useOperator, useOperatorAcademies, useOperatorAcademyApp, useOperatorLogout, useSaveOperatorAcademyApp } from './api';

/** The academy's own address, beside the platform's (`<slug>.<this host>`). */
function addressOf(slug: string): string {
  return `${slug}.${window.location.host}`;
}

// The badge keeps its width beside a long academy name.
const BADGE_STYLE = { flexShrink: 0 } as const;

function StatusBadge({ academy }: { academy: OperatorAcademy }) {
  if (academy.status === 'active') {
    return (
      <Badge color="green" variant="light" style={BADGE_STYLE}>
        <Trans>Active</Trans>
      </Badge>
    );
  }
  if (academy.status === 'suspended') {
    return (
      <Badge color="orange" variant="light" style={BADGE_STYLE}>
        <Trans>Suspended</Trans>
      </Badge>
    );
  }
  return (
    <Badge color="red" variant="light" style={BADGE_STYLE}>
      <Trans>Closed</Trans>
    </Badge>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

function AcademyCard({ academy, onAction, onApp }: { academy: OperatorAcademy; onAction: (academy: OperatorAcademy, action: OperatorAction) => void; onApp: (academy: OperatorAcademy) => void }) {
  const { t } = useLingui();
  const actions: OperatorAction[] = academy.status === 'active' ? ['suspend', 'close'] : academy.status === 'suspended' ? ['resume', 'close'] : ['resume'];
  const label: Record<OperatorAction, string> = { suspend: t`Suspend`, resume: t`Resume`, close: t`Close` };
  const lastActivity = academy.lastActivityAt ? formatDateTime(academy.lastActivityAt) : t`None yet`;
  return (
    <Card withBorder padding="lg" radius="md" component="article" aria-label={academy.name}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {academy.name}
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {addressOf(academy.slug)}
              {academy.city ? ` · ${academy.city}` : ''}
            </Text>
          </div>
          <StatusBadge academy={academy} />
        </Group>
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" verticalSpacing="xs">
          <Figure label={t`Students`} value={formatNumber(academy.students, 0)} />
          <Figure label={t`Staff`} value={formatNumber(academy.staff, 0)} />
          <Figure label={t`Storage used`} value={formatBytes(academy.storageBytes)} />
          <Figure label={t`Messages this month`} value={formatNumber(academy.messagesThisMonth, 0)} />
          <Figure label={t`Last activity`} value={lastActivity} />
          <Figure label={t`Started`} value={formatDate(academy.createdAt)} />
        </SimpleGrid>
        {academy.status === 'closed' && academy.removalAt ? (
          <Text size="sm" c="red.8">
            <Trans>Its records and files are removed on {formatDate(academy.removalAt)} unless you resume it.</Trans>
          </Text>
        ) : null}
        <Group gap="xs" mt="auto">
          {actions.map((action) => (
            <Button key={action} size="xs" variant={action === 'close' ? 'light' : action === 'resume' ? 'filled' : 'default'} color={action === 'close' ? 'red' : undefined} onClick={() => onAction(academy, action)}>
              {label[action]}
            </Button>
          ))}
          <Button size="xs" variant="subtle" onClick={() => onApp(academy)}>
            <Trans>Its app</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** What the confirmation says before an action is taken. */
function ConfirmText({ academy, action }: { academy: OperatorAcademy; action: OperatorAction }) {
  const name = academy.name;
  if (action === 'suspend') return <Trans>{name}’s site and sign-ins will show a notice that the academy is paused, and its jobs stop. Its records stay as they are.</Trans>;
  if (action === 'resume') return <Trans>{name} opens again: its site, sign-ins and jobs work as before.</Trans>;
  return <Trans>{name} closes now: its address stops answering. Its records and files are removed after 30 days unless you resume it before then.</Trans>;
}

/** Asks before suspending, resuming or closing an academy, and takes the action. */
function ConfirmActionModal({ pending, onClose, onDone }: { pending: { academy: OperatorAcademy; action: OperatorAction } | null; onClose: () => void; onDone: (message: string | null) => void }) {
  const { t } = useLingui();
  const act = useAcademyAction();
  const titles: Record<OperatorAction, string> = { suspend: t`Suspend this academy?`, resume: t`Resume this academy?`, close: t`Close this academy?` };
  const confirmLabels: Record<OperatorAction, string> = { suspend: t`Suspend`, resume: t`Resume`, close: t`Close the academy` };
  const confirm = () => {
    if (!pending) return;
    act.mutate({ slug: pending.academy.slug, action: pending.action }, { onSuccess: (result) => onDone(result.message ?? null) });
  };
  return (
    <Modal opened={pending !== null} onClose={() => (act.isPending ? undefined : onClose())} title={pending ? titles[pending.action] : ''} centered>
      {pending ? (
        <Stack gap="md">
          <Text>
            <ConfirmText academy={pending.academy} action={pending.action} />
          </Text>
          {act.isError ? (
            <Alert color="red" variant="light" role="alert">
              {normalizeError(act.error).message}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={act.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button color={pending.action === 'close' ? 'red' : pending.action === 'suspend' ? 'orange' : undefined} onClick={confirm} loading={act.isPending}>
              {confirmLabels[pending.action]}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

/** Settings → Your app of one academy, set by the operator for it (its admin sees the same). */
function AcademyApp({ slug }: { slug: string }) {
  const { t } = useLingui();
  const settings = useOperatorAcademyApp(slug);
  const save = useSaveOperatorAcademyApp(slug);
  if (settings.isPending) return <Skeleton h={260} radius="md" aria-hidden="true" />;
  if (settings.isError) return <LoadErrorAlert title={t`The app settings could not be loaded`} error={settings.error} fallback={msg`Failed to load the app settings`} onRetry={() => void settings.refetch()} />;
  return <AppForm settings={settings.data} onSave={(input) => save.mutateAsync(input)} saving={save.isPending} downloadHref={operatorTwaManifestUrl(slug)} />;
}

/** /operator/academies: every academy with its figures (counts only) and status, with suspend, resume and close. */
export function Component() {
  const { t } = useLingui();
  const operator = useOperator();
  const academies = useOperatorAcademies(Boolean(operator.data));
  const logout = useOperatorLogout();
  const [pending, setPending] = useState<{ academy: OperatorAcademy; action: OperatorAction } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [appOf, setAppOf] = useState<OperatorAcademy | null>(null);
  const appName = appOf?.name ?? '';

  if (operator.isPending) {
    return (
      <Center mih="60dvh">
        <Loader aria-label={t`Loading`} />
      </Center>
    );
  }
  if (!operator.data) return <Navigate to="/operator" replace />;

  const needle = search.trim().toLowerCase();
  const shown = (academies.data ?? []).filter((one) => !needle || [one.name, one.slug, one.city ?? ''].some((text) => text.toLowerCase().includes(needle)));

  return (
    <Container component="main" size="xl" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Text size="sm" c="dimmed">
              <Trans>Platform operator · {operator.data.name}</Trans>
            </Text>
            <Title order={1}>
              <Trans>Academies</Trans>
            </Title>
          </div>
          <Button variant="default" onClick={() => logout.mutate()} loading={logout.isPending}>
            <Trans>Sign out</Trans>
          </Button>
        </Group>
        {done ? (
          <Alert color="green" variant="light" role="status" withCloseButton onClose={() => setDone(null)} closeButtonLabel={t`Dismiss`}>
            {done}
          </Alert>
        ) : null}
        <TextInput
          label={t`Search`}
          placeholder={t`Name, address or city`}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={420}
        />
        {academies.isPending ? (
          <Center py="xl">
            <Loader aria-label={t`Loading`} />
          </Center>
        ) : academies.isError ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
            {normalizeError(academies.error).message}
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              <Trans>
                {shown.length} of {academies.data.length} academies. Figures are counts only, refreshed every few minutes.
              </Trans>
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {shown.map((academy) => (
                <AcademyCard key={academy.slug} academy={academy} onAction={(one, action) => setPending({ academy: one, action })} onApp={setAppOf} />
              ))}
            </SimpleGrid>
          </>
        )}
      </Stack>
      <Modal opened={appOf !== null} onClose={() => setAppOf(null)} title={t`${appName}: its own app`} size="xl" centered>
        {appOf ? <AcademyApp slug={appOf.slug} /> : null}
      </Modal>
      <ConfirmActionModal
        pending={pending}
        onClose={() => setPending(null)}
        onDone={(message) => {
          setDone(message);
          setPending(null);
        }}
      />
    </Container>
  );
}
