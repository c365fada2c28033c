import { ActionIcon, Anchor, Badge, Button, Group, PasswordInput, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLinkOff, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LANGUAGE_NAMES, LANGUAGES } from '@academy/shared/languages';
import { PARENT_RELATIONS, parentLinkInputSchema, type Parent, type ParentLinkInput } from '@academy/shared/schemas/parents';
import { PREFERRED_CHANNELS, type PreferredChannel } from '@academy/shared/schemas/messaging';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PhoneLink } from '../../../components/ui/phone-link';
import { SectionCard } from '../../../components/ui/section-card';
import { useConfirmRecordAction } from '../../../components/ui/confirm-action';
import { normalizeError } from '../../../lib/api-client';
import { useEntityForm } from '../../../lib/use-entity-form';
import { PARENT_FAILURES, useLinkParent, useSetParentChannel, useStudentParents, useUnlinkParent } from '../api';
import { usePreferredChannelLabel } from '../../../lib/message-labels';
import { useRelationLabels } from '../relation-labels';
import { FormButtons } from '../../../components/ui/form-buttons';
import { PhoneInput } from '../../../components/ui/phone-input';

type FormValues = {
  name: string;
  email: string;
  phone: string;
  relation: ParentLinkInput['relation'];
  language: ParentLinkInput['language'];
  password: string;
  /** 'default': none chosen (WhatsApp when a phone is known, else email). */
  preferredChannel: PreferredChannel | 'default';
};

/** The body sent: empty fields left out or null, as the shared schema reads them. */
function toLinkInput(values: FormValues): ParentLinkInput {
  return { ...values, phone: values.phone || null, password: values.password || undefined, preferredChannel: values.preferredChannel === 'default' ? null : values.preferredChannel };
}

/**
 * The parents linked to a student (issue 21), on the office's student page: tap-to-call phones, unlink,
 * how each is sent messages (their channel, WhatsApp stopped) with a link to their messages, and a form
 * that links the parent with that email or mobile number (a sibling's parent) or creates one (issue 37:
 * a parent may have only a phone).
 */
export function StudentParentsSection({ studentId }: { studentId: string }) {
  const { t } = useLingui();
  const parents = useStudentParents(studentId);
  const [adding, setAdding] = useState(false);
  const relationLabel = useRelationLabels();

  const confirmUnlink = useConfirmRecordAction(useUnlinkParent(studentId), (parent: Parent) => ({
    title: t`Unlink parent`,
    body: <Trans>Unlink {parent.name}? They will no longer see this child. Their account stays for their other children.</Trans>,
    confirmLabel: t`Unlink`,
    done: { title: t`Parent unlinked`, message: t`Parent unlinked` },
    failed: { title: t`Parent not unlinked`, message: PARENT_FAILURES.unlink },
  }));

  return (
    <SectionCard
      title={t`Parents`}
      actions={
        <Button variant="light" size="xs" leftSection={<IconUserPlus size={16} aria-hidden="true" />} onClick={() => setAdding((open) => !open)} aria-expanded={adding}>
          <Trans>Add or link parent</Trans>
        </Button>
      }
    >
      {adding ? <LinkParentForm studentId={studentId} onDone={() => setAdding(false)} /> : null}
      {parents.isPending ? (
        <Skeleton h={60} radius="md" aria-hidden="true" />
      ) : parents.isError ? (
        <LoadErrorAlert title={t`Parents could not be loaded`} error={parents.error} fallback={PARENT_FAILURES.fetch} onRetry={() => void parents.refetch()} />
      ) : parents.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>No parent is linked yet. Linked parents sign in to see this child and get absence alerts.</Trans>
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Linked parents`}>
          {parents.data.map((parent) => {
            const others = parent.children.filter((child) => child._id !== studentId);
            return (
              <Group key={parent._id} component="li" justify="space-between" wrap="nowrap" align="flex-start" data-testid="linked-parent">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={600}>{parent.name}</Text>
                    <Badge variant="light" size="sm">
                      {relationLabel(parent.relation)}
                    </Badge>
                    {parent.passwordSet ? null : parent.email ? (
                      <Badge variant="outline" color="gray" size="sm" tt="none">
                        <Trans>Password not set yet</Trans>
                      </Badge>
                    ) : (
                      // A phone-only parent has no password to set (issue 54): they sign in with a code.
                      <Badge variant="outline" color="gray" size="sm" tt="none">
                        <Trans>Signs in with a phone code</Trans>
                      </Badge>
                    )}
                  </Group>
                  <Group gap="md">
                    <PhoneLink phone={parent.phone} />
                    {parent.email ? (
                      <Anchor href={`mailto:${parent.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {parent.email}
                      </Anchor>
                    ) : (
                      <Text size="sm" c="dimmed">
                        <Trans>No email</Trans>
                      </Text>
                    )}
                  </Group>
                  <ParentChannel parent={parent} />
                  {others.length > 0 ? (
                    <Text size="xs" c="dimmed">
                      <Trans>Also parent of: {others.map((child) => child.name).join(', ')}</Trans>
                    </Text>
                  ) : null}
                </Stack>
                <ActionIcon variant="subtle" color="red" aria-label={t`Unlink ${parent.name}`} onClick={() => confirmUnlink(parent)}>
                  <IconLinkOff size={18} aria-hidden="true" />
                </ActionIcon>
              </Group>
            );
          })}
        </Stack>
      )}
    </SectionCard>
  );
}

function LinkParentForm({ studentId, onDone }: { studentId: string; onDone: () => void }) {
  const { t } = useLingui();
  const link = useLinkParent(studentId);
  const relationLabel = useRelationLabels();
  const channelLabel = usePreferredChannelLabel();
  const { form, onSubmit, saving } = useEntityForm({
    initialValues: {
      name: '',
      email: '',
      phone: '',
      relation: 'guardian',
      language: 'en',
      password: '',
      preferredChannel: 'default',
    } as FormValues,
    schema: parentLinkInputSchema,
    toInput: toLinkInput,
    save: (values) => link.mutateAsync(toLinkInput(values)),
    onSaved: ({ message }) => {
      notifications.show({ title: t`Parent linked`, message: message ?? t`Parent linked`, color: 'teal' });
      form.reset();
      onDone();
    },
    onFailed: (error) => notifications.show({ title: t`Parent not linked`, message: normalizeError(error, PARENT_FAILURES.link).message, color: 'red' }),
    // A small form opened inside the student's page: it never asked before leaving, and still does not.
    leaveGuard: false,
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`Add or link parent`}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          <Trans>A parent already in the academy (a sibling's) is linked by their email or mobile number; otherwise a parent account is created. Give a mobile number, an email, or both.</Trans>
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t`Parent name`} withAsterisk autoComplete="off" key={form.key('name')} {...form.getInputProps('name')} />
          <TextInput label={t`Parent email`} type="email" autoComplete="off" key={form.key('email')} {...form.getInputProps('email')} />
          <PhoneInput label={t`Parent phone`} description={t`10-digit mobile number`} key={form.key('phone')} {...form.getInputProps('phone')} />
          <Select
            label={t`Relation`}
            allowDeselect={false}
            data={PARENT_RELATIONS.map((relation) => ({ value: relation, label: relationLabel(relation) }))}
            key={form.key('relation')}
            {...form.getInputProps('relation')}
          />
          <Select
            label={t`Language of their messages`}
            allowDeselect={false}
            data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
            key={form.key('language')}
            {...form.getInputProps('language')}
          />
          <Select
            label={t`Send messages by`}
            allowDeselect={false}
            data={[{ value: 'default', label: channelLabel(null) }, ...PREFERRED_CHANNELS.map((channel) => ({ value: channel, label: channelLabel(channel) }))]}
            key={form.key('preferredChannel')}
            {...form.getInputProps('preferredChannel')}
          />
          <PasswordInput
            label={t`Initial password`}
            description={t`Leave empty to email them a link to choose one; a parent with only a phone signs in with a code`}
            autoComplete="new-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
        </SimpleGrid>
        <FormButtons cancel={{ onClick: onDone }} submitLabel={<Trans>Link parent</Trans>} saving={saving} gap="xs" />
      </Stack>
    </form>
  );
}

/**
 * How a parent is sent messages (issue 37): their channel (the default is WhatsApp when a phone is
 * known, else email), WhatsApp stopped (they replied STOP, or asked the office), and their messages.
 */
function ParentChannel({ parent }: { parent: Parent }) {
  const { t } = useLingui();
  const channelLabel = usePreferredChannelLabel();
  const setChannel = useSetParentChannel();
  const saving = setChannel.isPending && setChannel.variables?.parentId === parent._id;
  const change = (input: { preferredChannel: PreferredChannel | null; whatsappStopped: boolean }) =>
    setChannel.mutate(
      { parentId: parent._id, input },
      {
        onSuccess: ({ message }) => notifications.show({ title: t`Message channel saved`, message: message ?? t`Message channel saved`, color: 'teal' }),
        onError: (error) => notifications.show({ title: t`Message channel not saved`, message: normalizeError(error, PARENT_FAILURES.channel).message, color: 'red' }),
      },
    );
  const usable = (channel: PreferredChannel) => (channel === 'email' ? Boolean(parent.email) : Boolean(parent.phone));
  return (
    <Group gap="xs" wrap="wrap" mt={4} data-testid="parent-channel">
      <Text size="sm" c="dimmed" aria-hidden="true">
        <Trans>Messages by</Trans>
      </Text>
      <Select
        size="xs"
        w={150}
        aria-label={t`Send messages to ${parent.name} by`}
        allowDeselect={false}
        disabled={saving}
        data={[
          { value: 'default', label: channelLabel(null) },
          ...PREFERRED_CHANNELS.map((channel) => ({ value: channel, label: channelLabel(channel), disabled: !usable(channel) && parent.preferredChannel !== channel })),
        ]}
        value={parent.preferredChannel ?? 'default'}
        onChange={(value) => change({ preferredChannel: value && value !== 'default' ? (value as PreferredChannel) : null, whatsappStopped: parent.whatsappStopped })}
      />
      {parent.whatsappStopped ? (
        <Badge color="red" variant="light" size="sm">
          <Trans>WhatsApp stopped</Trans>
        </Badge>
      ) : null}
      {parent.phone || parent.whatsappStopped ? (
        <Button
          size="compact-xs"
          variant="subtle"
          color={parent.whatsappStopped ? 'teal' : 'red'}
          disabled={saving}
          onClick={() => change({ preferredChannel: parent.preferredChannel, whatsappStopped: !parent.whatsappStopped })}
        >
          {parent.whatsappStopped ? <Trans>Restart WhatsApp</Trans> : <Trans>Stop WhatsApp</Trans>}
        </Button>
      ) : null}
      <Anchor component={Link} to={`/app/messages?parentId=${encodeURIComponent(parent._id)}`} size="sm" aria-label={t`Messages to ${parent.name}`}>
        <Trans>Messages</Trans>
      </Anchor>
    </Group>
  );
}
