import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';

/** Back from one homework (its own address) to the list, for the student, the parent and the teacher alike. */
export function BackToHomework({ to }: { to: string }) {
  return (
    <Button component={Link} to={to} variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden="true" />} px={0} style={{ alignSelf: 'flex-start' }}>
      <Trans>All homework</Trans>
    </Button>
  );
}
