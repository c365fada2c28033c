import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';

interface RowActionsProps {
  /** The record's name, for the buttons' accessible names ("Edit Mathematics"). */
  name: string;
  /** The edit screen's address; no edit button without it. */
  editTo?: string;
  /** Asks before deleting; no delete button without it. */
  onDelete?: () => void;
}

/** A list row's edit and delete buttons: the one set every admin list uses. */
export function RowActions(props: RowActionsProps) {
  const { editTo, onDelete } = props;
  const { t } = useLingui();
  // `props.name` (not a bare `name`) keeps the catalogs' existing "Edit {0}" and "Delete {0}" and their translations.
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {editTo ? (
        <ActionIcon component={Link} to={editTo} variant="subtle" size="lg" aria-label={t`Edit ${props.name}`}>
          <IconPencil size={18} aria-hidden="true" />
        </ActionIcon>
      ) : null}
      {onDelete ? (
        <ActionIcon variant="subtle" color="red" size="lg" aria-label={t`Delete ${props.name}`} onClick={onDelete}>
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
      ) : null}
    </Group>
  );
}
