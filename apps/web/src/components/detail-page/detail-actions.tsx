import { Button, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';

interface DetailActionsProps {
  /** The edit screen's address. */
  editTo: string;
  /** Asks before deleting; no Delete button without it. */
  onDelete?: () => void;
  /** Buttons of this record only (Tests, Archive…): `before` Edit, `after` Delete. */
  before?: ReactNode;
  after?: ReactNode;
}

/** A detail page's Edit and Delete buttons beside its title. */
export function DetailActions({ editTo, onDelete, before, after }: DetailActionsProps) {
  return (
    <Group gap="xs">
      {before}
      <Button component={Link} to={editTo} variant="light" leftSection={<IconPencil size={18} aria-hidden="true" />}>
        <Trans>Edit</Trans>
      </Button>
      {onDelete ? (
        <Button variant="light" color="red" leftSection={<IconTrash size={18} aria-hidden="true" />} onClick={onDelete}>
          <Trans>Delete</Trans>
        </Button>
      ) : null}
      {after}
    </Group>
  );
}
