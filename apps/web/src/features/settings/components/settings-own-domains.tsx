import { Badge, Button, Code, CopyButton, Group, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { ownDomainInputSchema, type OwnDomain } from '@academy/shared/schemas/own-domains';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { SettingsPanel } from '../../../components/ui/settings-card';
import { normalizeError } from '../../../lib/api-client';
import { useEntityForm } from '../../../lib/use-entity-form';
import { useAddOwnDomain, useOwnDomains, useRemoveOwnDomain, useVerifyOwnDomain } from '../api';

const FAILURES = { load: msg`Failed to load your domains`, add: msg`The domain could not be added`, check: msg`The domain could not be checked`, remove: msg`The domain could not be removed` };

/**
 * Settings → Your own domain (issue 55): with many academies on one platform, the academy may also be
 * opened at a domain it bought, once it proves the domain is its own. Nothing shows with one academy
 * per installation (its address is the installation's).
 */
export function OwnDomainsSection() {
  const { t } = useLingui();
  const domains = useOwnDomains();
  if (domains.isPending) return <Skeleton h={160} radius="md" maw={880} aria-hidden="true" />;
  if (domains.isError) return <LoadErrorAlert title={t`Your domains could not be loaded`} error={domains.error} fallback={FAILURES.load} onRetry={() => void domains.refetch()} />;
  if (!domains.data.available) return null;
  const platformHost = domains.data.platformHost ?? '';
  return (
    <SettingsPanel
      titleId="own-domain-title"
      title={<Trans>Your own domain</Trans>}
      description={
        <Trans>
          Your site is at <strong>{platformHost}</strong>. It can also open at a domain you bought, such as www.shreeacademy.in, once you prove the domain is yours.
        </Trans>
      }
    >
      {domains.data.domains.map((domain) => (
        <OwnDomainCard key={domain._id} domain={domain} platformHost={platformHost} />
      ))}
      <AddOwnDomainForm />
    </SettingsPanel>
  );
}

function AddOwnDomainForm() {
  const { t } = useLingui();
  const add = useAddOwnDomain();
  const { form, onSubmit, saving, formError } = useEntityForm({
    initialValues: { domain: '' },
    schema: ownDomainInputSchema,
    save: (values) => add.mutateAsync(values),
    onSaved: ({ message }) => {
      form.reset();
      if (message) notifications.show({ title: t`Domain added`, message, color: 'teal' });
    },
    failure: FAILURES.add,
    leaveGuard: false,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t`Add a domain`}
          placeholder="www.shreeacademy.in"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          inputMode="url"
          style={{ flex: '1 1 16rem' }}
          key={form.key('domain')}
          {...form.getInputProps('domain')}
        />
        <Button type="submit" loading={saving} mt={{ base: 0, xs: 25 }}>
          <Trans>Add domain</Trans>
        </Button>
      </Group>
      {formError ? (
        <Text size="sm" c="red" role="alert" mt="xs">
          {formError}
        </Text>
      ) : null}
    </form>
  );
}

/** A value to type into the domain's DNS settings, with a button to copy it. */
function CopyableValue({ label, value }: { label: string; value: string }) {
  const { t } = useLingui();
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Text size="sm" miw="3.5rem">
        {label}
      </Text>
      <Code style={{ overflowWrap: 'anywhere', flex: 1 }}>{value}</Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="subtle" onClick={copy} aria-label={`${copied ? t`Copied` : t`Copy`}: ${label}`} leftSection={copied ? <IconCheck size={14} aria-hidden="true" /> : <IconCopy size={14} aria-hidden="true" />}>
            {copied ? t`Copied` : t`Copy`}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

function OwnDomainCard({ domain, platformHost }: { domain: OwnDomain; platformHost: string }) {
  const { t } = useLingui();
  const verify = useVerifyOwnDomain();
  const remove = useRemoveOwnDomain();
  const check = () =>
    verify.mutate(domain._id, {
      onSuccess: ({ message }) => notifications.show({ title: t`Domain verified`, message: message ?? '', color: 'teal' }),
      onError: (error) => notifications.show({ title: t`Not verified yet`, message: normalizeError(error, FAILURES.check).message, color: 'orange' }),
    });
  const name = domain.domain;
  const confirmRemove = () =>
    modals.openConfirmModal({
      title: t`Remove ${name}?`,
      children: <Text size="sm">{domain.verified ? t`Your site stops opening at this domain at once. It still opens at ${platformHost}.` : t`The proof you may have set up for it is no longer looked for.`}</Text>,
      labels: { confirm: t`Remove domain`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(domain._id, {
          onSuccess: ({ message }) => notifications.show({ title: t`Domain removed`, message: message ?? '', color: 'teal' }),
          onError: (error) => notifications.show({ title: t`Domain not removed`, message: normalizeError(error, FAILURES.remove).message, color: 'red' }),
        }),
    });
  return (
    <Paper withBorder radius="sm" p="sm" component="article" aria-label={domain.domain}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {domain.domain}
          </Text>
          {domain.verified ? (
            <Badge color="teal" variant="light">
              <Trans>Verified</Trans>
            </Badge>
          ) : (
            <Badge color="yellow" variant="light">
              <Trans>Waiting for proof</Trans>
            </Badge>
          )}
        </Group>
        {domain.verified ? (
          <Text size="sm">
            <Trans>
              Your site opens at this domain once its DNS points here: a CNAME record from {name} to <strong>{platformHost}</strong>.
            </Trans>
          </Text>
        ) : (
          <Stack gap="xs">
            <Text size="sm">
              <Trans>Prove the domain is yours in one of two ways, at the company where you bought it:</Trans>
            </Text>
            <Text size="sm" fw={600}>
              <Trans>1. Add a TXT record</Trans>
            </Text>
            <CopyableValue label={t`Name`} value={domain.txtName} />
            <CopyableValue label={t`Value`} value={domain.txtValue} />
            <Text size="sm" fw={600}>
              <Trans>2. Or put a file on the domain&apos;s present site</Trans>
            </Text>
            <CopyableValue label={t`Address`} value={domain.fileUrl} />
            <Text size="sm" c="dimmed">
              <Trans>The file holds only the value above.</Trans>
            </Text>
            <Text size="sm">
              <Trans>
                Then point the domain here: a CNAME record from {name} to <strong>{platformHost}</strong>.
              </Trans>
            </Text>
          </Stack>
        )}
        <Group gap="sm" justify="flex-end">
          <Button variant="subtle" color="red" size="sm" onClick={confirmRemove} loading={remove.isPending}>
            <Trans>Remove</Trans>
          </Button>
          {domain.verified ? null : (
            <Button size="sm" onClick={check} loading={verify.isPending}>
              <Trans>Check now</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
