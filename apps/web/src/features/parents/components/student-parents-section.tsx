import { ActionIcon, Anchor, Badge, Button, Group, PasswordInput, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { notifications } from '@mantine/notifications';
import { IconLinkOff, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LANGUAGE_NAMES, LANGUAGES } from '@academy/shared/languages';
import { PARENT_RELATIONS, parentLinkInputSchema, type Parent, type ParentLinkInput } from '@academy/shared/schemas/parents';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PhoneLink } from '../../../components/ui/phone-link';
import { SectionCard } from '../../../components/ui/section-card';
import { normalizeError } from '../../../lib/api-client';
import { useEntityForm } from '../../../lib/use-entity-form';
import { PARENT_FAILURES, useLinkParent, useStudentParents, useUnlinkParent } from '../api';
import { useRelationLabels } from '../relation-labels';

type FormValues = { name: string; email: string; phone: string; relation: ParentLinkInput['relation']; language: ParentLinkInput['language']; password: string };

/** What the office already knows about the family (the student's record or the enquiry). */
export type ParentPrefill = { name?: string | null; email?: string | null; phone?: string | null };

/**
 * The parents linked to a student (issue 21), on the office's student page: tap-to-call phones, unlink,
 * and a form that links the parent with that email (a sibling's parent) or creates one.
 */
export function StudentParentsSection({ studentId, prefill }: { studentId: string; prefill?: ParentPrefill }) {
  const { t } = useLingui();
  const parents = useStudentParents(studentId);
  const unlink = useUnlinkParent(studentId);
  const [adding, setAdding] = useState(false);
  const relationLabel = useRelationLabels();

  const confirmUnlink = (parent: Parent) =>
    modals.openConfirmModal({
      title: t`Unlink parent`,
      centered: true,
      children: (
        <Text size="sm">
          <Trans>
            Unlink {parent.name}? They will no longer see this child. Their account stays for their other children.
          </Trans>
        </Text>
      ),
      labels: { confirm: t`Unlink`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        unlink.mutate(parent._id, {
          onSuccess: ({ message }) => notifications.show({ title: t`Parent unlinked`, message: message ?? t`Parent unlinked`, color: 'teal' }),
          onError: (error) => notifications.show({ title: t`Parent not unlinked`, message: normalizeError(error, PARENT_FAILURES.unlink).message, color: 'red' }),
        }),
    });

  return (
    <SectionCard
      title={t`Parents`}
      actions={
        <Button variant="light" size="xs" leftSection={<IconUserPlus size={16} aria-hidden="true" />} onClick={() => setAdding((open) => !open)} aria-expanded={adding}>
          <Trans>Add or link parent</Trans>
        </Button>
      }
    >
      {adding ? <LinkParentForm studentId={studentId} prefill={prefill} onDone={() => setAdding(false)} /> : null}
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
                    {parent.passwordSet ? null : (
                      <Badge variant="outline" color="gray" size="sm">
                        <Trans>Password not set yet</Trans>
                      </Badge>
                    )}
                  </Group>
                  <Group gap="md">
                    <PhoneLink phone={parent.phone} />
                    <Anchor href={`mailto:${parent.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {parent.email}
                    </Anchor>
                  </Group>
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

function LinkParentForm({ studentId, prefill, onDone }: { studentId: string; prefill?: ParentPrefill; onDone: () => void }) {
  const { t } = useLingui();
  const link = useLinkParent(studentId);
  const relationLabel = useRelationLabels();
  const { form, onSubmit, saving } = useEntityForm({
    initialValues: { name: prefill?.name ?? '', email: prefill?.email ?? '', phone: prefill?.phone?.replace(/^\+91/, '') ?? '', relation: 'guardian', language: 'en', password: '' } as FormValues,
    schema: parentLinkInputSchema,
    save: (values) => link.mutateAsync({ ...values, phone: values.phone || null, password: values.password || undefined }),
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
          <Trans>A parent already in the academy (a sibling's) is linked by their email; otherwise a parent account is created.</Trans>
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t`Parent name`} withAsterisk autoComplete="off" key={form.key('name')} {...form.getInputProps('name')} />
          <TextInput label={t`Parent email`} type="email" withAsterisk autoComplete="off" key={form.key('email')} {...form.getInputProps('email')} />
          <TextInput label={t`Parent phone`} type="tel" inputMode="tel" description={t`10-digit mobile number`} key={form.key('phone')} {...form.getInputProps('phone')} />
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
          <PasswordInput
            label={t`Initial password`}
            description={t`Leave empty to email them a link to choose one`}
            autoComplete="new-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={saving}>
            <Trans>Link parent</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
