import { Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

/**
 * What a record shows for a detail nobody gave (a student's gender or address, decision 040): said
 * plainly and dimmed, so it never reads as a value someone typed.
 */
export function NotGiven() {
  return (
    <Text span size="sm" c="dimmed" fs="italic" data-testid="not-given">
      <Trans>Not given</Trans>
    </Text>
  );
}
