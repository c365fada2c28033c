/**
 * Bank statements (issue 38; docs/decisions/031): the office uploads the academy's statement, its
 * credit lines are kept once each (a line uploaded again is not brought twice), matched to dues when
 * the statement is read, and confirmed as receipts (mode UPI with the UTR, or bank transfer), each at
 * most once: a credit's own Idempotency-Key, and a UTR on one live receipt at most.
 */
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { formatPaise, paiseToRupees as rupees } from '@academy/shared/money';
import { STATEMENT_MESSAGES, type BankStatement, type BankStatementList, type StatementConfirmResult, type StatementMapping } from '@academy/shared/schemas/fees';
import type { Db, DbExecutor } from '../../db/client';
import { academySettings, bankStatementCredits, bankStatements, feeReceipts, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { parseBankStatement, readStatementRows, StatementFormatError } from './bank-statement';
import { recordPayment } from './payments.service';
import { creditLineKey } from './statement-matching';
import { matchCredits } from './match-statement-credits';
import { joinOn, thisAcademy } from '../../db/same-academy';

/** The saved column mapping of the academy's bank, if it is not HDFC, SBI or ICICI. */
async function savedMapping(db: DbExecutor): Promise<StatementMapping | undefined> {
  const [row] = await db.select({ payments: academySettings.payments }).from(academySettings).where(thisAcademy(academySettings));
  return row?.payments.statementMapping;
}

/**
 * POST /api/fees/bank-statements: reads the file (CSV or XLSX), keeps its credits that no earlier
 * statement brought, and answers the statement with each credit matched. A file that is no statement,
 * or whose columns are not known, answers 400 saying why (with the header cells, to map them).
 */
export async function importStatement(db: Db, actor: AuditActor, file: { fileName: string; bytes: Buffer }): Promise<BankStatement> {
  let parsed: ReturnType<typeof parseBankStatement>;
  try {
    parsed = parseBankStatement(await readStatementRows(file.bytes, file.fileName), await savedMapping(db));
  } catch (error) {
    if (!(error instanceof StatementFormatError)) throw error;
    throw new AppError('BAD_REQUEST', error.message, { file: error.message, ...(error.headers.length > 0 ? { headers: error.headers.join('\n') } : {}) });
  }
  const id = await db.transaction(async (tx) => {
    const [statement] = await tx
      .insert(bankStatements)
      .values({
        fileName: file.fileName.slice(0, 200),
        layout: parsed.layout,
        debitCount: parsed.debitCount,
        // Told apart by their period, not only the upload time (issue 54).
        periodFrom: parsed.credits.reduce<string | null>((first, credit) => (first === null || credit.date < first ? credit.date : first), null),
        periodTo: parsed.credits.reduce<string | null>((last, credit) => (last === null || credit.date > last ? credit.date : last), null),
        uploadedBy: actor?.userId ?? null,
      })
      .returning({ id: bankStatements.id });
    const lines = parsed.credits.map((credit) => ({
      statementId: statement!.id,
      row: credit.row,
      date: credit.date,
      amountPaise: credit.amountPaise,
      narration: credit.narration.slice(0, 2000),
      bankReference: credit.bankReference?.slice(0, 100) ?? null,
      utr: credit.utr,
      lineKey: creditLineKey(credit),
    }));
    // A line an earlier statement (or this file, twice) brought is not brought again.
    const kept = lines.length > 0 ? await tx.insert(bankStatementCredits).values(lines).onConflictDoNothing().returning({ id: bankStatementCredits.id }) : [];
    await tx.update(bankStatements).set({ alreadyImported: lines.length - kept.length }).where(eq(bankStatements.id, statement!.id));
    await recordAudit(tx, actor, {
      action: 'create',
      entityType: 'bank_statement',
      entityId: statement!.id,
      text: { key: 'bank_statement.imported', values: { file: file.fileName.slice(0, 200), credits: String(kept.length) } },
      changes: { credits: { old: null, new: kept.length }, alreadyImported: { old: null, new: lines.length - kept.length } },
    });
    return statement!.id;
  });
  return statementById(db, id);
}

/**
 * GET /api/fees/bank-statements: the statements uploaded, newest first, each with its bank, file, the
 * period of its credits and how many are receipts, set aside, or still open (issue 54: told apart by more than the time).
 */
export async function listStatements(db: DbExecutor): Promise<BankStatementList> {
  const rows = await db
    .select({
      id: bankStatements.id,
      fileName: bankStatements.fileName,
      layout: bankStatements.layout,
      uploadedAt: bankStatements.uploadedAt,
      periodFrom: bankStatements.periodFrom,
      periodTo: bankStatements.periodTo,
      credits: count(bankStatementCredits.id),
      receipted: sql<number>`count(${bankStatementCredits.receiptId})::int`,
      setAside: sql<number>`count(${bankStatementCredits.setAsideAt})::int`,
      open: sql<number>`count(*) filter (where ${bankStatementCredits.id} is not null and ${bankStatementCredits.receiptId} is null and ${bankStatementCredits.setAsideAt} is null)::int`,
    })
    .from(bankStatements)
    .leftJoin(bankStatementCredits, joinOn(bankStatementCredits.statementId, bankStatements.id))
    .groupBy(bankStatements.academyId, bankStatements.id)
    .orderBy(desc(bankStatements.uploadedAt))
    .limit(50);
  return { statements: rows.map((row) => ({ ...row, uploadedAt: row.uploadedAt.toISOString() })) };
}

/**
 * GET /api/fees/bank-statements/{id}: every credit with its match, worked out now (dues change):
 * receipted (a receipt has it, or a live receipt has its UTR), reference (a due's reference stands in
 * the narration, or a family reported its UTR), likely (exactly an open due's balance, and the
 * student's or a parent's name in the narration), else none. A few queries, whatever the number of lines.
 */
export async function statementById(db: DbExecutor, id: string): Promise<BankStatement> {
  const { statement, credits, matches } = await loadStatement(db, id);
  return {
    id: statement.id,
    fileName: statement.fileName,
    layout: statement.layout,
    uploadedAt: statement.uploadedAt.toISOString(),
    alreadyImported: statement.alreadyImported,
    debitCount: statement.debitCount,
    credits: credits.map((credit) => {
      const { claimId: _claimId, ...match } = matches.get(credit.id)!;
      return {
        id: credit.id,
        row: credit.row,
        date: credit.date,
        amount: rupees(credit.amountPaise),
        narration: credit.narration,
        utr: credit.utr,
        bankReference: credit.bankReference,
        ...match,
        setAside: credit.setAsideAt ? { at: credit.setAsideAt.toISOString(), by: credit.setAsideByName, note: credit.setAsideNote } : null,
      };
    }),
  };
}

/** A statement's row, its credit lines in file order, and each line's match. */
async function loadStatement(db: DbExecutor, id: string) {
  const [statement] = await db.select().from(bankStatements).where(eq(bankStatements.id, id)).limit(1);
  if (!statement) throw new AppError('NOT_FOUND', STATEMENT_MESSAGES.notFound);
  const credits = (
    await db
      .select({ credit: bankStatementCredits, setAsideByName: users.name })
      .from(bankStatementCredits)
      .leftJoin(users, joinOn(users.id, bankStatementCredits.setAsideBy))
      .where(eq(bankStatementCredits.statementId, id))
      .orderBy(asc(bankStatementCredits.row))
  ).map(({ credit, setAsideByName }) => ({ ...credit, setAsideByName }));
  return { statement, credits, matches: await matchCredits(db, credits) };
}

/**
 * POST /api/fees/bank-statements/{id}/confirm: each chosen credit becomes a receipt for its matched
 * student (or the one the office chose): the credit's date and amount, mode UPI with its UTR (bank
 * transfer with the bank's reference otherwise), paying the due it names first (its reference, the
 * family's report, or the office's choice; issue 54), and confirming a family's report of that UTR when
 * the report agrees. A conflict (the report disagrees with the credit) needs the office's choice of
 * student. The credit is taken in the receipt's transaction: one credit, one receipt, whoever confirms.
 * Each credit carries its own Idempotency-Key, so a repeated confirmation makes nothing twice; a credit
 * that cannot be recorded (its date before the books' lock, more than is due…) is answered with the
 * reason and the others go on. Confirming a single credit that cannot be recorded answers its error
 * (409 when another session made it a receipt first).
 */
export async function confirmStatementCredits(db: Db, actor: AuditActor, statementId: string, picks: { id: string; studentId?: string; dueId?: string }[]): Promise<StatementConfirmResult> {
  const { credits, matches } = await loadStatement(db, statementId);
  const failed: { id: string; message: string }[] = [];
  const errors: AppError[] = [];
  let confirmed = 0;
  const fail = (id: string, error: AppError) => {
    failed.push({ id, message: error.message });
    errors.push(error);
  };
  for (const pick of picks) {
    const credit = credits.find((line) => line.id === pick.id);
    const match = matches.get(pick.id);
    if (!credit || !match) {
      fail(pick.id, new AppError('NOT_FOUND', STATEMENT_MESSAGES.creditNotFound));
      continue;
    }
    if (match.match === 'receipted') {
      fail(pick.id, new AppError('CONFLICT', STATEMENT_MESSAGES.alreadyReceipted));
      continue;
    }
    if (match.match === 'set_aside') {
      fail(pick.id, new AppError('CONFLICT', STATEMENT_MESSAGES.alreadySetAside));
      continue;
    }
    if (match.match === 'conflict' && !pick.studentId) {
      fail(pick.id, new AppError('CONFLICT', match.conflict === 'name' ? STATEMENT_MESSAGES.conflictName : STATEMENT_MESSAGES.conflict));
      continue;
    }
    const studentId = pick.studentId ?? match.studentId;
    if (!studentId) {
      fail(pick.id, new AppError('BAD_REQUEST', STATEMENT_MESSAGES.chooseStudent));
      continue;
    }
    // The family's report is confirmed by this receipt when it agrees, or when the office chose its side of a conflict.
    const confirmsClaim = match.claimId && studentId === match.studentId ? match.claimId : match.claim && studentId === match.claim.studentId && (pick.dueId ?? match.claim.dueId) === match.claim.dueId ? match.claim.id : undefined;
    const dueFirst = pick.dueId ?? (confirmsClaim && match.claim ? match.claim.dueId : studentId === match.studentId ? match.dueId : null);
    try {
      await recordPayment(
        db,
        actor,
        studentId,
        { amount: credit.amountPaise, date: credit.date, mode: credit.utr ? 'upi' : 'bank_transfer', reference: credit.utr ?? credit.bankReference ?? undefined, note: `Bank statement row ${credit.row}` },
        `bank-credit:${credit.id}`,
        { bankCredit: credit.id, dueFirst, ...(confirmsClaim ? { confirmsClaim } : {}) },
      );
      confirmed += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      fail(pick.id, error);
    }
  }
  if (picks.length === 1 && errors[0]) throw errors[0];
  return { confirmed, failed, statement: await statementById(db, statementId) };
}

/** A credit of a statement, locked for a set-aside or a put-back. */
async function lockedCredit(tx: DbExecutor, statementId: string, creditId: string) {
  const [credit] = await tx
    .select()
    .from(bankStatementCredits)
    .where(and(and(eq(bankStatementCredits.id, creditId), eq(bankStatementCredits.statementId, statementId)), thisAcademy(bankStatementCredits)))
    .for('update')
    .limit(1);
  if (!credit) throw new AppError('NOT_FOUND', STATEMENT_MESSAGES.creditNotFound);
  return credit;
}

/**
 * POST /api/fees/bank-statements/{id}/credits/{creditId}/set-aside: a credit that is no fee (a refund,
 * interest) leaves the count of credits without a receipt, with the office's note (issue 54). Audited.
 */
export async function setCreditAside(db: Db, actor: AuditActor, statementId: string, creditId: string, note: string | undefined): Promise<BankStatement> {
  await db.transaction(async (tx) => {
    const credit = await lockedCredit(tx, statementId, creditId);
    if (credit.receiptId) throw new AppError('CONFLICT', STATEMENT_MESSAGES.setAsideReceipted);
    if (credit.setAsideAt) throw new AppError('CONFLICT', STATEMENT_MESSAGES.alreadySetAside);
    if (credit.utr) {
      const [receipt] = await tx.select({ id: feeReceipts.id }).from(feeReceipts).where(and(eq(feeReceipts.utr, credit.utr), isNull(feeReceipts.cancelledAt))).limit(1);
      if (receipt) throw new AppError('CONFLICT', STATEMENT_MESSAGES.setAsideReceipted);
    }
    const text = note && note.length > 0 ? note : null;
    await tx.update(bankStatementCredits).set({ setAsideAt: new Date(), setAsideBy: actor?.userId ?? null, setAsideNote: text }).where(eq(bankStatementCredits.id, creditId));
    await recordAudit(tx, actor, {
      action: 'status',
      entityType: 'bank_statement',
      entityId: statementId,
      text: { key: 'bank_statement.credit_set_aside', values: { amount: formatPaise(credit.amountPaise), date: credit.date, note: text ?? '' } },
      changes: { setAside: { old: null, new: { credit: creditId, note: text } } },
    });
  });
  return statementById(db, statementId);
}

/** POST /api/fees/bank-statements/{id}/credits/{creditId}/put-back: undoes a set-aside; the credit waits for a receipt again. Audited. */
export async function putCreditBack(db: Db, actor: AuditActor, statementId: string, creditId: string): Promise<BankStatement> {
  await db.transaction(async (tx) => {
    const credit = await lockedCredit(tx, statementId, creditId);
    if (!credit.setAsideAt) throw new AppError('CONFLICT', STATEMENT_MESSAGES.notSetAside);
    await tx.update(bankStatementCredits).set({ setAsideAt: null, setAsideBy: null, setAsideNote: null }).where(eq(bankStatementCredits.id, creditId));
    await recordAudit(tx, actor, {
      action: 'status',
      entityType: 'bank_statement',
      entityId: statementId,
      text: { key: 'bank_statement.credit_put_back', values: { amount: formatPaise(credit.amountPaise), date: credit.date } },
      changes: { setAside: { old: { credit: creditId, note: credit.setAsideNote }, new: null } },
    });
  });
  return statementById(db, statementId);
}
