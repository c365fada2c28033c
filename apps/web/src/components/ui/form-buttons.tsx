import type { ReactNode } from 'react';
import { Button, Group, type ButtonProps, type MantineSpacing } from '@mantine/core';
import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';

type FormButtonsProps = {
  /** Cancel goes back to a page (a link) or runs a callback (closes the dialog, hides the form, navigates). */
  cancel: { to: string } | { onClick: () => void };
  /** The submit button's words, e.g. "Save Batch". */
  submitLabel: ReactNode;
  saving: boolean;
  /** The submit button's own look or state (a colour, disabled while something is missing). */
  submitProps?: Pick<ButtonProps, 'color' | 'disabled'>;
  gap?: MantineSpacing;
  mt?: MantineSpacing;
};

/** A form's last row, on the right: Cancel, then the submit button (loading while saving). */
export function FormButtons({ cancel, submitLabel, saving, submitProps, gap, mt }: FormButtonsProps) {
  return (
    <Group justify="flex-end" gap={gap} mt={mt}>
      {'to' in cancel ? (
        <Button variant="default" component={Link} to={cancel.to}>
          <Trans>Cancel</Trans>
        </Button>
      ) : (
        <Button variant="default" onClick={cancel.onClick}>
          <Trans>Cancel</Trans>
        </Button>
      )}
      <Button type="submit" loading={saving} {...submitProps}>
        {submitLabel}
      </Button>
    </Group>
  );
}
