import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { StatementCredit } from '@academy/shared/schemas/fees';
import { fieldErrorsOf, normalizeError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { formatRupees } from '../../../lib/format-number';
import { useSetCreditAside } from '../api';

/** Sets a credit aside (a refund, interest: no fee) with an optional note; it leaves the count of credits without a receipt. */
export function SetAsideModal({ statementId, credit, onClose }: { statementId: string; credit: StatementCredit | null; onClose: () => void }) {
  const { t } = useLingui();
  const aside = useSetCreditAside(statementId);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setNote('');
    setError(null);
    onClose();
  };
  const submit = () =>
    credit &&
    aside.mutate(
      { creditId: credit.id, note: note.trim() || undefined },
      {
        onSuccess: ({ message }) => {
          notifications.show({ title: message ?? t`Credit set aside`, message: formatRupees(credit.amount), color: 'teal' });
          close();
        },
        onError: (failure) => setError(fieldErrorsOf(failure)?.note ?? normalizeError(failure).message),
      },
    );
  return (
    <Modal opened={credit !== null} onClose={close} title={t`Set this credit aside`}>
      {credit ? (
        <Stack gap="sm">
          <Text size="sm">
            <Trans>
              {formatRupees(credit.amount)} on {formatDate(credit.date)}: not a fee (a refund, interest…). It stays in the statement, without a receipt, and can be put back.
            </Trans>
          </Text>
          <TextInput label={t`Note (optional)`} placeholder={t`e.g. Savings interest`} maxLength={300} value={note} onChange={(event) => setNote(event.currentTarget.value)} error={error} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button loading={aside.isPending} onClick={submit}>
              <Trans>Set aside</Trans>
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
