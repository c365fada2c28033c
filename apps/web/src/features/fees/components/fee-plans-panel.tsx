import { Button, Card, Group, Modal, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '../../../lib/modals';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FeePlan } from '@academy/shared/schemas/fees';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useDeleteFeePlan, useFeePlans } from '../api';
import { FeePlanForm } from './fee-plan-form';
import { normalizeError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { formatRupees } from '../../../lib/format-number';
import type { BatchOption } from '../api';

/** Fee plans by batch: add, edit and delete (the Fees screen's second tab). */
export function PlansPanel({ batchOptions }: { batchOptions: BatchOption[] }) {
  const { t } = useLingui();
  const plans = useFeePlans();
  const remove = useDeleteFeePlan();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [editing, setEditing] = useState<FeePlan | 'new' | null>(null);
  const confirmDelete = (plan: FeePlan) =>
    modals.openConfirmModal({
      title: t`Delete fee plan`,
      children: <Text size="sm">{t`Delete "${plan.name}"? This cannot be undone.`}</Text>,
      labels: { confirm: t`Delete`, cancel: t`Keep` },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(plan._id, {
          onSuccess: ({ message }) => notifications.show({ title: t`Fee plan deleted`, message: message ?? plan.name, color: 'teal' }),
          onError: (error) => notifications.show({ title: t`Not deleted`, message: normalizeError(error).message, color: 'red' }),
        }),
    });

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setEditing('new')}>
          <Trans>New fee plan</Trans>
        </Button>
      </Group>
      {plans.isPending ? (
        <Skeleton h={160} radius="md" aria-hidden="true" />
      ) : plans.isError ? (
        <LoadErrorAlert title={t`Fee plans could not be loaded`} error={plans.error} fallback={t`Failed to load the fee plans`} onRetry={() => void plans.refetch()} />
      ) : plans.data.plans.length === 0 ? (
        <Text c="dimmed">
          <Trans>No fee plans yet. A plan gives every student of its batch their dues.</Trans>
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {plans.data.plans.map((plan) => (
            <Card key={plan._id} withBorder radius="md" padding="md" data-testid={`plan-${plan.name}`}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {plan.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {plan.batch.name} · {formatRupees(plan.amount)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {plan.instalments.map((entry) => `${formatDate(entry.dueDate)}: ${formatRupees(entry.amount)}`).join(' · ')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {plural(plan.studentCount, { one: '# student with dues', other: '# students with dues' })}
                  </Text>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <Button size="compact-sm" variant="subtle" leftSection={<IconPencil size={14} aria-hidden="true" />} onClick={() => setEditing(plan)}>
                    <Trans>Edit</Trans>
                  </Button>
                  <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden="true" />} onClick={() => confirmDelete(plan)}>
                    <Trans>Delete</Trans>
                  </Button>
                </Group>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? t`New fee plan` : t`Edit fee plan`} fullScreen={phone} size="lg" centered>
        {editing ? <FeePlanForm plan={editing === 'new' ? undefined : editing} batchOptions={batchOptions} onDone={() => setEditing(null)} /> : null}
      </Modal>
    </Stack>
  );
}
