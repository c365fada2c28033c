import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { StatementCredit } from '@academy/shared/schemas/fees';
import { normalizeError } from '../../../lib/api-client';
import { useBankStatement, useConfirmStatementCredits, useSetCreditAside } from '../api';
import type { StudentPick } from './credit-student-choice';

export const CREDIT_FAILURES = { load: msg`Failed to load the statement`, confirm: msg`Failed to make the receipts` };

/** The credits to make receipts of, each with the student chosen for it, the set aside and put back. */
export function useStatementCredits(statementId: string) {
  const { t } = useLingui();
  const statement = useBankStatement(statementId);
  const confirm = useConfirmStatementCredits(statementId);
  // The student picked for each credit that matched nobody, with the words shown for them.
  const [chosen, setChosen] = useState<Record<string, StudentPick>>({});
  const aside = useSetCreditAside(statementId);
  const [settingAside, setSettingAside] = useState<StatementCredit | null>(null);
  const choose = (creditId: string, pick: StudentPick) => setChosen({ ...chosen, [creditId]: pick });
  const putBack = (credit: StatementCredit) =>
    aside.mutate(
      { creditId: credit.id, putBack: true },
      { onError: (failure) => notifications.show({ title: t`Not put back`, message: normalizeError(failure).message, color: 'red' }) },
    );
  const run = (picks: { id: string; studentId?: string; dueId?: string }[]) =>
    confirm.mutate(picks, {
      onSuccess: ({ data }) => {
        notifications.show({ title: plural(data.confirmed, { one: '# receipt made', other: '# receipts made' }), message: data.failed.map((failure) => failure.message).join(' · ') || t`From the statement`, color: data.failed.length > 0 ? 'yellow' : 'teal' });
      },
      onError: (failure) => notifications.show({ title: t`Receipts not made`, message: normalizeError(failure, CREDIT_FAILURES.confirm).message, color: 'red' }),
    });
  return { statement, chosen, choose, run, confirming: confirm.isPending, putBack, puttingBack: aside.isPending, settingAside, setSettingAside };
}

export type StatementCreditsState = ReturnType<typeof useStatementCredits>;
