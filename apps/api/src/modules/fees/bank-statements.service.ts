import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { paiseToRupees as rupees } from '@academy/shared/money';
import { STATEMENT_MESSAGES, type BankStatement, type BankStatementList, type StatementConfirmResult, type StatementCredit, type StatementMapping } from '@academy/shared/schemas/fees';
import type { Db, DbExecutor } from '../../db/client';
import { academySettings, bankStatementCredits, bankStatements, feeDues, feeReceipts, parents, parentStudents, paymentClaims, students, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit';
import { getAcademySettings } from '../settings';
import { parseBankStatement, readStatementRows, StatementFormatError } from './bank-statement';
import { recordPayment } from './payments.service';
import { creditLineKey, dueReferencesIn, likelyDue, type LikelyCandidate } from './statement-matching';

/**
 * Bank statements (issue 38; docs/decisions/031): the office uploads the academy's statement, its
 * credit lines are kept once each (a line uploaded again is not brought twice), matched to dues when
 * the statement is read, and confirmed as receipts (mode UPI with the UTR, or bank transfer), each at
 * most once: a credit's own Idempotency-Key, and a UTR on one live receipt at most.
 */

/** The saved column mapping of the academy's bank, if it is not HDFC, SBI or ICICI. */
async function savedMapping(db: DbExecutor): Promise<StatementMapping | undefined> {
  const [row] = await db.select({ payments: academySettings.payments }).from(academySettings);
  return row?.payments.statementMapping;
}

/** PUT /api/fees/bank-statements/mapping: the header texts of the bank's date, narration, reference and credit columns. */
export async function saveStatementMapping(db: Db, actor: AuditActor, mapping: StatementMapping): Promise<StatementMapping> {
  await db.transaction(async (tx) => {
    // The settings row exists from here on (a new installation makes it with its defaults).
    await getAcademySettings(tx);
    const [row] = await tx.select({ payments: academySettings.payments }).from(academySettings).for('update');
    const payments = row?.payments ?? {};
    await tx.update(academySettings).set({ payments: { ...payments, statementMapping: mapping } });
    await recordAudit(tx, actor, { action: 'settings.update', entityType: 'settings', entityId: null, text: { key: 'settings.statement_mapping' }, changes: { statementMapping: { old: payments.statementMapping ?? null, new: mapping } } });
  });
  return mapping;
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
      .values({ fileName: file.fileName.slice(0, 200), layout: parsed.layout, debitCount: parsed.debitCount, uploadedBy: actor?.userId ?? null })
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

/** GET /api/fees/bank-statements: the statements uploaded, newest first, with how many of their credits are receipts. */
export async function listStatements(db: DbExecutor): Promise<BankStatementList> {
  const rows = await db
    .select({
      id: bankStatements.id,
      fileName: bankStatements.fileName,
      uploadedAt: bankStatements.uploadedAt,
      credits: count(bankStatementCredits.id),
      receipted: sql<number>`count(${bankStatementCredits.receiptId})::int`,
    })
    .from(bankStatements)
    .leftJoin(bankStatementCredits, eq(bankStatementCredits.statementId, bankStatements.id))
    .groupBy(bankStatements.id)
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
      return { id: credit.id, row: credit.row, date: credit.date, amount: rupees(credit.amountPaise), narration: credit.narration, utr: credit.utr, bankReference: credit.bankReference, ...match };
    }),
  };
}

/** A statement's row, its credit lines in file order, and each line's match. */
async function loadStatement(db: DbExecutor, id: string) {
  const [statement] = await db.select().from(bankStatements).where(eq(bankStatements.id, id)).limit(1);
  if (!statement) throw new AppError('NOT_FOUND', STATEMENT_MESSAGES.notFound);
  const credits = await db.select().from(bankStatementCredits).where(eq(bankStatementCredits.statementId, id)).orderBy(asc(bankStatementCredits.row));
  return { statement, credits, matches: await matchCredits(db, credits) };
}

type CreditRow = typeof bankStatementCredits.$inferSelect;
type Match = Pick<StatementCredit, 'match' | 'studentId' | 'dueId' | 'student' | 'due' | 'receiptNumber'> & { claimId: string | null };

async function matchCredits(db: DbExecutor, credits: CreditRow[]): Promise<Map<string, Match>> {
  const utrs = credits.flatMap((credit) => (credit.utr ? [credit.utr] : []));
  const receiptIds = credits.flatMap((credit) => (credit.receiptId ? [credit.receiptId] : []));
  const references = credits.flatMap((credit) => dueReferencesIn(credit.narration));
  const amounts = [...new Set(credits.map((credit) => credit.amountPaise))];
  const balance = sql<number>`(${feeDues.amountPaise} - ${feeDues.concessionPaise} - ${feeDues.paidPaise})::bigint`;
  const dueColumns = { dueId: feeDues.id, studentId: feeDues.studentId, label: feeDues.label, dueDate: feeDues.dueDate, balance, studentName: users.name, code: students.studentCode, number: feeDues.number };
  const [receipts, claims, referenced, byAmount] = await Promise.all([
    receiptIds.length + utrs.length > 0
      ? db
          .select({ id: feeReceipts.id, number: feeReceipts.number, utr: feeReceipts.utr, studentId: feeReceipts.studentId, studentName: users.name })
          .from(feeReceipts)
          .innerJoin(students, eq(students.id, feeReceipts.studentId))
          .innerJoin(users, eq(users.id, students.userId))
          .where(sql`(${receiptIds.length > 0 ? inArray(feeReceipts.id, receiptIds) : sql`false`} or (${utrs.length > 0 ? inArray(feeReceipts.utr, utrs) : sql`false`} and ${isNull(feeReceipts.cancelledAt)}))`)
      : [],
    utrs.length > 0
      ? db
          .select({ id: paymentClaims.id, utr: paymentClaims.utr, ...dueColumns })
          .from(paymentClaims)
          .innerJoin(feeDues, eq(feeDues.id, paymentClaims.dueId))
          .innerJoin(students, eq(students.id, feeDues.studentId))
          .innerJoin(users, eq(users.id, students.userId))
          .where(and(inArray(paymentClaims.utr, utrs), eq(paymentClaims.status, 'pending')))
      : [],
    references.length > 0
      ? db
          .select(dueColumns)
          .from(feeDues)
          .innerJoin(students, eq(students.id, feeDues.studentId))
          .innerJoin(users, eq(users.id, students.userId))
          .where(and(eq(feeDues.status, 'open'), sql`(${students.studentCode}, ${feeDues.number}) in (${sql.join(references.map((ref) => sql`(${ref.studentCode}, ${ref.dueNumber})`), sql`, `)})`))
      : [],
    amounts.length > 0
      ? db
          .select({
            ...dueColumns,
            // The names a payer may have: the student's and each linked parent's.
            parentNames: sql<string[]>`coalesce((select array_agg(pu.name) from ${parentStudents} ps join ${parents} p on p.id = ps.parent_id join ${users} pu on pu.id = p.user_id where ps.student_id = ${feeDues.studentId}), '{}')`,
          })
          .from(feeDues)
          .innerJoin(students, eq(students.id, feeDues.studentId))
          .innerJoin(users, eq(users.id, students.userId))
          .where(and(eq(feeDues.status, 'open'), inArray(sql`${feeDues.amountPaise} - ${feeDues.concessionPaise} - ${feeDues.paidPaise}`, amounts)))
      : [],
  ]);
  const candidates: LikelyCandidate[] = byAmount.map((due) => ({ studentId: due.studentId, dueId: due.dueId, balancePaise: Number(due.balance), dueDate: due.dueDate, names: [due.studentName, ...due.parentNames] }));
  const dueById = new Map([...referenced, ...byAmount, ...claims].map((due) => [due.dueId, due]));
  const result = new Map<string, Match>();
  for (const credit of credits) {
    const receipt = receipts.find((row) => row.id === credit.receiptId) ?? (credit.utr ? receipts.find((row) => row.utr === credit.utr) : undefined);
    if (receipt) {
      result.set(credit.id, { match: 'receipted', studentId: receipt.studentId, dueId: null, student: receipt.studentName, due: null, receiptNumber: receipt.number, claimId: null });
      continue;
    }
    const claim = credit.utr ? claims.find((row) => row.utr === credit.utr) : undefined;
    const named = dueReferencesIn(credit.narration)
      .map((ref) => referenced.find((due) => due.code === ref.studentCode && due.number === ref.dueNumber))
      .find((due) => due !== undefined);
    const found = claim ?? named;
    if (found) {
      result.set(credit.id, { match: 'reference', studentId: found.studentId, dueId: found.dueId, student: found.studentName, due: found.label, receiptNumber: null, claimId: claim?.id ?? null });
      continue;
    }
    const likely = likelyDue(credit, candidates);
    const due = likely ? dueById.get(likely.dueId) : undefined;
    result.set(
      credit.id,
      due
        ? { match: 'likely', studentId: due.studentId, dueId: due.dueId, student: due.studentName, due: due.label, receiptNumber: null, claimId: null }
        : { match: 'none', studentId: null, dueId: null, student: null, due: null, receiptNumber: null, claimId: null },
    );
  }
  return result;
}

/**
 * POST /api/fees/bank-statements/{id}/confirm: each chosen credit becomes a receipt for its matched
 * student (or the one the office chose): the credit's date and amount, mode UPI with its UTR (bank
 * transfer with the bank's reference otherwise), confirming a family's report of that UTR if there is
 * one. Each credit carries its own Idempotency-Key, so a repeated confirmation makes nothing twice; a
 * credit that cannot be recorded (its date before the books' lock, more than is due…) is answered
 * with the reason and the others go on.
 */
export async function confirmStatementCredits(db: Db, actor: AuditActor, statementId: string, picks: { id: string; studentId?: string }[]): Promise<StatementConfirmResult> {
  const { credits, matches } = await loadStatement(db, statementId);
  const failed: { id: string; message: string }[] = [];
  let confirmed = 0;
  for (const pick of picks) {
    const credit = credits.find((line) => line.id === pick.id);
    const match = matches.get(pick.id);
    if (!credit || !match) {
      failed.push({ id: pick.id, message: STATEMENT_MESSAGES.creditNotFound });
      continue;
    }
    if (match.match === 'receipted') {
      failed.push({ id: pick.id, message: STATEMENT_MESSAGES.alreadyReceipted });
      continue;
    }
    const studentId = pick.studentId ?? match.studentId;
    if (!studentId) {
      failed.push({ id: pick.id, message: STATEMENT_MESSAGES.chooseStudent });
      continue;
    }
    try {
      const { receipt } = await recordPayment(
        db,
        actor,
        studentId,
        { amount: credit.amountPaise, date: credit.date, mode: credit.utr ? 'upi' : 'bank_transfer', reference: credit.utr ?? credit.bankReference ?? undefined, note: `Bank statement row ${credit.row}` },
        `bank-credit:${credit.id}`,
        // The family reported this UTR for this student: their report is confirmed by the same receipt.
        match.claimId && studentId === match.studentId ? { confirmsClaim: match.claimId } : {},
      );
      await db.update(bankStatementCredits).set({ receiptId: receipt._id }).where(and(eq(bankStatementCredits.id, credit.id), isNull(bankStatementCredits.receiptId)));
      confirmed += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failed.push({ id: pick.id, message: error.message });
    }
  }
  return { confirmed, failed, statement: await statementById(db, statementId) };
}
