import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Trans } from '@lingui/react/macro';

/** Back from one homework (its hand-in, its submissions, its ticks) to the list, for the student and the teacher alike. */
export function BackToHomework({ onBack }: { onBack: () => void }) {
  return (
    <Button variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden="true" />} onClick={onBack} px={0} style={{ alignSelf: 'flex-start' }}>
      <Trans>All homework</Trans>
    </Button>
  );
}
