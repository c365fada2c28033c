import { Anchor, Group, Text } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { formatPhone, telHref } from '../../lib/phone';
import { useLingui } from '@lingui/react/macro';

/** A phone number to call with one tap (a large target on phones); a dash when there is none. */
export function StudentPhone({ phone, label }: { phone: string | null; label: string }) {
  const { t } = useLingui();
  if (!phone) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Anchor href={telHref(phone)} aria-label={t`Call ${label}: ${formatPhone(phone)}`} size="sm" style={{ display: 'inline-block', paddingBlock: 6, whiteSpace: 'nowrap' }}>
      <Group gap={6} wrap="nowrap" component="span">
        <IconPhone size={16} aria-hidden="true" />
        {formatPhone(phone)}
      </Group>
    </Anchor>
  );
}
