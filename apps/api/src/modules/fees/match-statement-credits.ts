/** Each credit of a bank statement matched to a student's due, a family's report or a receipt already made (decision 031). */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { paiseToRupees as rupees } from '@academy/shared/money';
import { type StatementCredit } from '@academy/shared/schemas/fees';
import type { DbExecutor } from '../../db/client';
import type { bankStatementCredits} from '../../db/schema';
import { feeDues, feeReceipts, parents, parentStudents, paymentClaims, students, users } from '../../db/schema';
import { studentIdPrefix } from '../../db/student-code';
import { dueReferencesIn, likelyDue, nameInNarration, narrationWords, type LikelyCandidate } from './statement-matching';
import { joinOn, qualified } from '../../db/same-academy';

type CreditRow = typeof bankStatementCredits.$inferSelect;
type Match = Pick<StatementCredit, 'match' | 'conflict' | 'studentId' | 'dueId' | 'student' | 'due' | 'receiptNumber' | 'claim'> & {
  /** The family's report this credit confirms when receipted as matched (it agrees with the credit). */
  claimId: string | null;
};

export async function matchCredits(db: DbExecutor, credits: CreditRow[]): Promise<Map<string, Match>> {
  const utrs = credits.flatMap((credit) => (credit.utr ? [credit.utr] : []));
  const receiptIds = credits.flatMap((credit) => (credit.receiptId ? [credit.receiptId] : []));
  // The academy's own prefix: a new academy's references are not LAT26-… (issue 73).
  const prefix = await studentIdPrefix(db);
  const referencesOf = (narration: string) => dueReferencesIn(narration, prefix);
  const references = credits.flatMap((credit) => referencesOf(credit.narration));
  const amounts = [...new Set(credits.map((credit) => credit.amountPaise))];
  const balance = sql<number>`(${feeDues.amountPaise} - ${feeDues.concessionPaise} - ${feeDues.paidPaise})::bigint`;
  const dueColumns = { dueId: feeDues.id, studentId: feeDues.studentId, label: feeDues.label, dueDate: feeDues.dueDate, balance, studentName: users.name, code: students.studentCode, number: feeDues.number };
  // The names a payer may have: the student's and each linked parent's.
  const parentNames = sql<string[]>`coalesce((select array_agg(pu.name) from ${parentStudents} ps join ${parents} p on p.id = ps.parent_id and p.academy_id = ps.academy_id join ${users} pu on pu.id = p.user_id and pu.academy_id = p.academy_id where ps.student_id = ${feeDues.studentId} and ps.academy_id = ${qualified(feeDues.academyId)}), '{}')`;
  const [receipts, claims, referenced, byAmount, people] = await Promise.all([
    receiptIds.length + utrs.length > 0
      ? db
          .select({ id: feeReceipts.id, number: feeReceipts.number, utr: feeReceipts.utr, studentId: feeReceipts.studentId, studentName: users.name })
          .from(feeReceipts)
          .innerJoin(students, joinOn(students.id, feeReceipts.studentId))
          .innerJoin(users, joinOn(users.id, students.userId))
          .where(sql`(${receiptIds.length > 0 ? inArray(feeReceipts.id, receiptIds) : sql`false`} or (${utrs.length > 0 ? inArray(feeReceipts.utr, utrs) : sql`false`} and ${isNull(feeReceipts.cancelledAt)}))`)
      : [],
    utrs.length > 0
      ? db
          .select({ id: paymentClaims.id, utr: paymentClaims.utr, amountPaise: paymentClaims.amountPaise, ...dueColumns, parentNames })
          .from(paymentClaims)
          .innerJoin(feeDues, joinOn(feeDues.id, paymentClaims.dueId))
          .innerJoin(students, joinOn(students.id, feeDues.studentId))
          .innerJoin(users, joinOn(users.id, students.userId))
          .where(and(inArray(paymentClaims.utr, utrs), eq(paymentClaims.status, 'pending')))
      : [],
    references.length > 0
      ? db
          .select(dueColumns)
          .from(feeDues)
          .innerJoin(students, joinOn(students.id, feeDues.studentId))
          .innerJoin(users, joinOn(users.id, students.userId))
          .where(and(eq(feeDues.status, 'open'), sql`(${students.studentCode}, ${feeDues.number}) in (${sql.join(references.map((ref) => sql`(${ref.studentCode}, ${ref.dueNumber})`), sql`, `)})`))
      : [],
    amounts.length > 0
      ? db
          .select({ ...dueColumns, parentNames })
          .from(feeDues)
          .innerJoin(students, joinOn(students.id, feeDues.studentId))
          .innerJoin(users, joinOn(users.id, students.userId))
          .where(and(eq(feeDues.status, 'open'), inArray(sql`${feeDues.amountPaise} - ${feeDues.concessionPaise} - ${feeDues.paidPaise}`, amounts)))
      : [],
    peopleNamedIn(db, credits.filter((credit) => credit.utr && !credit.receiptId && !credit.setAsideAt && referencesOf(credit.narration).length === 0)),
  ]);
  const candidates: LikelyCandidate[] = byAmount.map((due) => ({ studentId: due.studentId, dueId: due.dueId, balancePaise: Number(due.balance), dueDate: due.dueDate, names: [due.studentName, ...due.parentNames] }));
  const dueById = new Map([...referenced, ...byAmount, ...claims].map((due) => [due.dueId, due]));
  const result = new Map<string, Match>();
  const none = { conflict: null, studentId: null, dueId: null, student: null, due: null, receiptNumber: null, claim: null, claimId: null };
  for (const credit of credits) {
    const receipt = receipts.find((row) => row.id === credit.receiptId) ?? (credit.utr ? receipts.find((row) => row.utr === credit.utr) : undefined);
    if (receipt) {
      result.set(credit.id, { ...none, match: 'receipted', studentId: receipt.studentId, student: receipt.studentName, receiptNumber: receipt.number });
      continue;
    }
    const pending = credit.utr ? claims.find((row) => row.utr === credit.utr) : undefined;
    const claim = pending ? { id: pending.id, studentId: pending.studentId, student: pending.studentName, dueId: pending.dueId, due: pending.label, amount: rupees(pending.amountPaise) } : null;
    if (credit.setAsideAt) {
      result.set(credit.id, { ...none, match: 'set_aside', claim });
      continue;
    }
    const named = referencesOf(credit.narration)
      .map((ref) => referenced.find((due) => due.code === ref.studentCode && due.number === ref.dueNumber))
      .find((due) => due !== undefined);
    // Issue 53: the reference the bank wrote in the narration wins over a family's report of the UTR;
    // a report that disagrees with the credit (another due, another amount) is a conflict the office
    // decides, never confirmed silently.
    const agrees = pending !== undefined && pending.amountPaise === credit.amountPaise && (named === undefined || named.dueId === pending.dueId);
    // Issue 71: a line naming no due but another student or payer than the report's family (the
    // narration's "UPI-STUDENT BETA-…" under Kiran's family's UTR) is that other family's money until
    // the office says otherwise: a conflict, never a suggested match.
    const other = pending && !named ? otherFamilyNamed(credit.narration, pending, people) : undefined;
    if (pending && other) {
      const side = { studentId: other.studentId, dueId: null, student: other.studentName, due: null, receiptNumber: null, claim };
      result.set(credit.id, { ...side, match: 'conflict', conflict: 'name', claimId: null });
      continue;
    }
    const found = named ?? pending;
    if (found) {
      const side = { studentId: found.studentId, dueId: found.dueId, student: found.studentName, due: found.label, receiptNumber: null, claim };
      result.set(credit.id, pending && !agrees ? { ...side, match: 'conflict', conflict: 'reference', claimId: null } : { ...side, match: 'reference', conflict: null, claimId: agrees ? pending.id : null });
      continue;
    }
    const likely = likelyDue(credit, candidates);
    const due = likely ? dueById.get(likely.dueId) : undefined;
    result.set(credit.id, due ? { ...none, match: 'likely', studentId: due.studentId, dueId: due.dueId, student: due.studentName, due: due.label } : { ...none, match: 'none' });
  }
  return result;
}

type NamedPerson = { studentId: string; studentName: string; name: string };

/**
 * The students and parents whose names may stand in these credits' narrations (a name sharing a word
 * with one), each with the student they are or are the parent of; `nameInNarration` then decides.
 * One query for all the lines that need it (those with a UTR a family may have reported, naming no due).
 */
async function peopleNamedIn(db: DbExecutor, credits: CreditRow[]): Promise<NamedPerson[]> {
  const words = [...new Set(credits.flatMap((credit) => narrationWords(credit.narration)))];
  if (words.length === 0) return [];
  const wordArray = sql`${`{${words.join(',')}}`}::text[]`;
  const nameWords = (column: unknown) => sql`string_to_array(trim(regexp_replace(upper(${column}), '[^A-Z]+', ' ', 'g')), ' ') && ${wordArray}`;
  const { rows } = await db.execute<{ student_id: string; student_name: string; name: string }>(sql`
    select s.id as student_id, u.name as student_name, u.name from ${students} s join ${users} u on u.id = s.user_id and u.academy_id = s.academy_id
    where ${nameWords(sql`u.name`)}
    union all
    select s.id, u.name, pu.name from ${parentStudents} ps join ${parents} p on p.id = ps.parent_id and p.academy_id = ps.academy_id join ${users} pu on pu.id = p.user_id and pu.academy_id = p.academy_id
      join ${students} s on s.id = ps.student_id and s.academy_id = ps.academy_id join ${users} u on u.id = s.user_id and u.academy_id = s.academy_id
    where ${nameWords(sql`pu.name`)}`);
  return rows.map((row) => ({ studentId: row.student_id, studentName: row.student_name, name: row.name }));
}

/**
 * Another family named in a credit's narration instead of the reporting one: the first other student
 * named (themselves or a parent), when neither the report's student nor any of its parents is named.
 * Undefined when the narration names the reporting family, or nobody the academy knows.
 */
function otherFamilyNamed(narration: string, report: { studentId: string; studentName: string; parentNames: string[] }, people: NamedPerson[]): NamedPerson | undefined {
  if ([report.studentName, ...report.parentNames].some((name) => nameInNarration(name, narration))) return undefined;
  return people.find((person) => person.studentId !== report.studentId && nameInNarration(person.name, narration));
}
