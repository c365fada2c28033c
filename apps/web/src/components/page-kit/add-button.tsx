import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A list screen's button to the page that adds a record ("Add Subject"), beside its title. */
export function AddButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button component={Link} to={to} leftSection={<IconPlus size={18} aria-hidden="true" />}>
      {children}
    </Button>
  );
}
