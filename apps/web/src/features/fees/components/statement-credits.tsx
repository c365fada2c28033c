import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { StatementCredit } from '@academy/shared/schemas/fees';
import { ListView, type ListColumn } from '../../../components/list-kit';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { formatDate } from '../../../lib/format-date';
import { formatRupees } from '../../../lib/format-number';
import { SetAsideModal } from './credit-set-aside-modal';
import { StudentChoice } from './credit-student-choice';
import { CREDIT_FAILURES, useStatementCredits, type StatementCreditsState } from './use-statement-credits';
import { Utr } from './utr';

/** A statement's credits: what each matched, a receipt for one or for all the exact matches, and the set aside. */
export function StatementCredits({ statementId }: { statementId: string }) {
  const { t } = useLingui();
  const reconcile = useStatementCredits(statementId);
  // The same width from which the list is a table (ListView's default).
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const actionsOf = (credit: StatementCredit) => <CreditActions credit={credit} reconcile={reconcile} />;
  const columns = useCreditColumns(reconcile, wide ? undefined : actionsOf);
  const { statement, run } = reconcile;
  if (statement.isPending) return null;
  if (statement.isError) return <LoadErrorAlert title={t`The statement could not be loaded`} error={statement.error} fallback={CREDIT_FAILURES.load} onRetry={() => void statement.refetch()} />;
  const credits = statement.data.credits;
  const exact = credits.filter((credit) => credit.match === 'reference');
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={3} size="h5">
          {statement.data.fileName}
        </Title>
        <Button disabled={exact.length === 0} loading={reconcile.confirming} onClick={() => run(exact.map((credit) => ({ id: credit.id })))}>
          <Trans>Confirm all exact matches ({exact.length})</Trans>
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        <Trans>
          {plural(credits.length, { one: '# credit in this file', other: '# credits in this file' })}, {statement.data.alreadyImported} already read from an earlier statement. Exact: the due&apos;s reference or a family&apos;s report
          of the UTR. Likely: the exact amount and a family name; check before confirming.
        </Trans>
      </Text>
      {credits.length === 0 ? (
        <Text size="sm">
          <Trans>No new credit in this file.</Trans>
        </Text>
      ) : (
        <ListView
          rows={credits}
          rowKey={(credit) => credit.id}
          columns={columns}
          label={t`Credits`}
          minWidth={880}
          actions={wide ? actionsOf : undefined}
        />
      )}
      <SetAsideModal statementId={statementId} credit={reconcile.settingAside} onClose={() => reconcile.setSettingAside(null)} />
    </Stack>
  );
}

/**
 * The list's columns: the credit, the narration, the match, the student and due. What can be done with
 * a credit is the last column of the table; on a phone's card (`actionsLine`) a line of its own, under
 * the student, so the amount and the match keep the card's top row (issue 54: 360 px).
 */
function useCreditColumns(reconcile: StatementCreditsState, actionsLine: ((credit: StatementCredit) => ReactNode) | undefined): ListColumn<StatementCredit>[] {
  const { t } = useLingui();
  const labels: Record<StatementCredit['match'], string> = { reference: t`Exact`, likely: t`Likely`, conflict: t`Conflict`, none: t`No match`, receipted: t`Receipted`, set_aside: t`Set aside` };
  const colors: Record<StatementCredit['match'], string> = { reference: 'teal', likely: 'yellow', conflict: 'red', none: 'gray', receipted: 'blue', set_aside: 'gray' };
  return [
    {
      key: 'credit',
      header: t`Credit`,
      card: 'title',
      cell: (credit) => (
        <Stack gap={0}>
          <Text fw={600}>{formatRupees(credit.amount)}</Text>
          <Text size="xs" c="dimmed">
            {credit.utr ? <Trans>{formatDate(credit.date)} · UTR <Utr value={credit.utr} /></Trans> : formatDate(credit.date)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'narration',
      header: t`Narration`,
      miw: 220,
      cell: (credit) => (
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
          {credit.narration}
        </Text>
      ),
    },
    {
      key: 'match',
      header: t`Match`,
      card: 'aside',
      miw: 110,
      cell: (credit) => (
        <Badge color={colors[credit.match]} variant="light">
          {labels[credit.match]}
        </Badge>
      ),
    },
    { key: 'student', header: t`Student and due`, miw: 220, cell: (credit) => <CreditStudent credit={credit} reconcile={reconcile} /> },
    ...(actionsLine ? [{ key: 'actions', header: t`Actions`, inTable: false, cell: actionsLine }] : []),
  ];
}

/** Whose the credit is: both sides of a conflict, the set aside's note, the student and due (or receipt), or a student to choose. */
function CreditStudent({ credit, reconcile }: { credit: StatementCredit; reconcile: StatementCreditsState }) {
  return credit.match === 'conflict' ? (
    <ConflictSides credit={credit} />
  ) : credit.match === 'set_aside' ? (
    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {credit.setAside?.note ? <Trans>Set aside: {credit.setAside.note}</Trans> : <Trans>Set aside (no fee)</Trans>}
    </Text>
  ) : credit.studentId && credit.student ? (
    <Stack gap={0}>
      <Anchor component={Link} to={`/app/students/${credit.studentId}`} size="sm">
        {credit.student}
      </Anchor>
      <Text size="xs" c="dimmed">
        {credit.receiptNumber ? <Trans>Receipt {credit.receiptNumber}</Trans> : credit.due}
      </Text>
    </Stack>
  ) : (
    <StudentChoice value={reconcile.chosen[credit.id] ?? null} onChange={(pick) => reconcile.choose(credit.id, pick)} />
  );
}

/** What can be done with a credit: put back one set aside; else a receipt (for either side of a conflict), or set it aside. */
function CreditActions({ credit, reconcile }: { credit: StatementCredit; reconcile: StatementCreditsState }) {
  const { chosen, run } = reconcile;
  if (credit.match === 'receipted') return null;
  if (credit.match === 'set_aside') {
    return (
      <Button size="compact-sm" variant="light" color="gray" loading={reconcile.puttingBack} onClick={() => reconcile.putBack(credit)}>
        <Trans>Put back</Trans>
      </Button>
    );
  }
  return (
    <Group gap={6} wrap="wrap">
      {credit.match === 'conflict' && credit.claim ? (
        // The office chooses whose payment it is: the reference's due, or the family's report.
        <>
          {/* A name conflict names the other student, not a due: their oldest dues first. */}
          {credit.studentId && (credit.dueId || credit.conflict === 'name') ? (
            <Button size="compact-sm" onClick={() => run([{ id: credit.id, studentId: credit.studentId!, ...(credit.dueId ? { dueId: credit.dueId } : {}) }])}>
              <Trans>Receipt for {credit.student}</Trans>
            </Button>
          ) : null}
          {credit.claim.studentId !== credit.studentId || credit.claim.dueId !== credit.dueId ? (
            <Button size="compact-sm" variant="light" onClick={() => run([{ id: credit.id, studentId: credit.claim!.studentId, dueId: credit.claim!.dueId }])}>
              <Trans>Receipt for {credit.claim.student} (report)</Trans>
            </Button>
          ) : null}
        </>
      ) : (
        <Button
          size="compact-sm"
          variant={credit.match === 'reference' ? 'filled' : 'light'}
          disabled={!credit.studentId && !chosen[credit.id]}
          onClick={() => run([{ id: credit.id, ...(chosen[credit.id] ? { studentId: chosen[credit.id]!.id } : {}) }])}
        >
          <Trans>Make receipt</Trans>
        </Button>
      )}
      <Button size="compact-sm" variant="subtle" color="gray" onClick={() => reconcile.setSettingAside(credit)}>
        <Trans>Set aside</Trans>
      </Button>
    </Group>
  );
}

/**
 * A credit's two sides when a family's report disagrees with it (issue 53): the reference in the
 * narration, and the report, with both amounts; or (issue 71) the other student or payer the bank's
 * narration names, which the report's family is not.
 */
function ConflictSides({ credit }: { credit: StatementCredit }) {
  const claim = credit.claim!;
  return (
    <Stack gap={4} data-testid="credit-conflict">
      {credit.conflict === 'name' && credit.student ? (
        <Text size="xs">
          <Trans>
            Bank: <b>{formatRupees(credit.amount)}</b> · the narration names {credit.student}, not the family who reported it
          </Trans>
        </Text>
      ) : credit.student ? (
        <Text size="xs">
          <Trans>
            Bank: <b>{formatRupees(credit.amount)}</b> · {credit.student} · {credit.due}
          </Trans>
        </Text>
      ) : null}
      <Text size="xs" c="red.8">
        <Trans>
          Family&apos;s report: <b>{formatRupees(claim.amount)}</b> · {claim.student} · {claim.due}
        </Trans>
      </Text>
    </Stack>
  );
}

