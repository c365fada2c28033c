import { Anchor, Text } from '@mantine/core';
import { formatPhone, telHref } from '../../lib/phone';

/** A phone number people can tap to call, or a dash when there is none. */
export function PhoneLink({ phone, size = 'sm' }: { phone: string | null | undefined; size?: string }) {
  if (!phone) {
    return (
      <Text span size={size} c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Anchor href={telHref(phone)} size={size} style={{ whiteSpace: 'nowrap' }}>
      {formatPhone(phone)}
    </Anchor>
  );
}
