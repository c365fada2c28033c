import { Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ParentChild } from '@academy/shared/schemas/parents';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PARENT_FAILURES, useParentChildren } from '../api';
import { ChildSwitcher } from './child-switcher';

/**
 * The parent's screens about one child at a time (fees, tests): loads the children, offers a switcher
 * when there are several (kept in `?child=` so a link opens the same child) and renders the chosen one.
 */
export function ChildPicker({ children: render }: { children: (child: ParentChild) => ReactNode }) {
  const { t } = useLingui();
  const children = useParentChildren();
  const [params, setParams] = useSearchParams();
  const list = children.data ?? [];
  const child = list.find((entry) => entry._id === params.get('child')) ?? list[0];
  const choose = (value: string) => setParams({ child: value }, { replace: true });

  if (children.isPending) return <Skeleton h={200} radius="md" aria-hidden="true" />;
  if (children.isError) return <LoadErrorAlert title={t`Your children could not be loaded`} error={children.error} fallback={PARENT_FAILURES.children} onRetry={() => void children.refetch()} />;
  if (!child) {
    return (
      <Text c="dimmed">
        <Trans>No child is linked to your account yet. Please ask the academy office.</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <ChildSwitcher list={list} value={child._id} onChange={choose} />
      <Text fw={600} data-testid="child-name">
        {child.name}
      </Text>
      <div key={child._id}>{render(child)}</div>
    </Stack>
  );
}
