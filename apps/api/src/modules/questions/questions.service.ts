import { createHash, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { SubjectRef } from '@academy/shared/schemas/common';
import { type Question, type QuestionList, type questionInputSchema, type questionListQuerySchema } from '@academy/shared/schemas/online-tests';
import type { QuestionSubjects } from '@academy/shared/schemas/question-bank';
import type { Db, DbExecutor } from '../../db/client';
import { onlineTestQuestions, questions, subjects, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { containsPattern } from '../../lib/search';
import type { Actor } from '../../access/actor';
import { assertMayWriteSubject, questionNotFound, questionScope, questionSubjectScope } from '../../access/questions';
import { diffChanges, recordAudit } from '../audit';
import { academySql, joinOn, thisAcademy } from '../../db/same-academy';

/*
 * The question bank (issue 40; docs/decisions/037-online-tests.md, "The question bank"). A question's
 * options carry short ids made when they are first written and kept by position on every edit, so a
 * teacher correcting a typo in option B never breaks an answer that names it. The same question twice
 * (same subject, same text and options once spaces and case are folded) is flagged, never refused: the
 * later one names the earlier in `duplicateOf`.
 */

export type QuestionValues = z.output<typeof questionInputSchema>;
type ListQuery = z.output<typeof questionListQuerySchema>;
type StoredOption = { id: string; text: string };

/** Folded for comparison: one space for any run of spaces or line ends, lower case, Unicode composed. */
const fold = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

/** sha256 of the folded text and options: equal for the same question typed twice. */
export function questionFingerprint(text: string, options: readonly string[]): string {
  return createHash('sha256')
    .update(JSON.stringify([fold(text), ...options.map(fold)]))
    .digest('hex');
}

/** A new option's id: short (answers store it), random, and not one of the question's others. */
function newOptionId(taken: ReadonlySet<string>): string {
  for (;;) {
    const id = randomUUID().slice(0, 8);
    if (!taken.has(id)) return id;
  }
}

/**
 * The stored columns of a question. `current` are the options it has now: the option at each position
 * keeps its id (a typo corrected), a new position gets a new one; a numeric question has none.
 */
export function questionColumns(input: QuestionValues, current: readonly StoredOption[] = []) {
  const numeric = input.type === 'numeric';
  const taken = new Set(current.map((option) => option.id));
  const options: StoredOption[] = numeric ? [] : (input.options ?? []).map((option, index) => ({ id: current[index]?.id ?? newOptionId(taken), text: option.text }));
  options.forEach((option) => taken.add(option.id));
  const correct = numeric ? [] : [...new Set(input.correct ?? [])].sort((a, b) => a - b).map((index) => options[index]!.id);
  return {
    subjectId: input.subject,
    chapter: input.chapter,
    topic: input.topic ?? null,
    difficulty: input.difficulty,
    type: input.type,
    text: input.text,
    options,
    correct,
    answerValue: numeric ? input.answer!.value : null,
    answerTolerance: numeric ? input.answer!.tolerance : null,
    solution: input.solution ?? null,
    language: input.language,
    fingerprint: questionFingerprint(input.text, options.map((option) => option.text)),
  };
}

// The outer query's row, qualified by hand: inside the subquery a bare column would name `d`'s own.
const outer = (column: string) => sql.raw(`"questions"."${column}"`);

/**
 * The oldest other question of the bank with the same subject and fingerprint, written before this one.
 * The academy as a parameter (the outer rows' too, selectQuestions): one shard on Citus (decision 053).
 */
const duplicateOfColumn = (): SQL<string | null> => sql<string | null>`(
  select d.id from ${questions} d
  where d.academy_id = ${academySql()} and d.fingerprint = ${outer('fingerprint')} and d.subject_id = ${outer('subject_id')} and d.deleted_at is null
    and (d.created_at, d.id) < (${outer('created_at')}, ${outer('id')})
  order by d.created_at, d.id limit 1
)`;

type PageWindow = { page: number; limit: number };

/**
 * Questions of the bank (not hidden) with their subject and author, newest first, in one statement;
 * with a page window, that page and the count of all that match (count(*) over ()).
 */
async function loadQuestions(db: DbExecutor, where: SQL | undefined, window?: PageWindow): Promise<{ questions: Question[]; total: number }> {
  const query = db
    .select({
      id: questions.id,
      subjectId: subjects.id,
      subjectName: subjects.name,
      subjectCode: subjects.code,
      chapter: questions.chapter,
      topic: questions.topic,
      difficulty: questions.difficulty,
      type: questions.type,
      text: questions.text,
      options: questions.options,
      correct: questions.correct,
      answerValue: questions.answerValue,
      answerTolerance: questions.answerTolerance,
      solution: questions.solution,
      language: questions.language,
      duplicateOf: duplicateOfColumn(),
      authorId: users.id,
      authorName: users.name,
      createdAt: questions.createdAt,
      updatedAt: questions.updatedAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(questions)
    .innerJoin(subjects, joinOn(subjects.id, questions.subjectId))
    .leftJoin(users, joinOn(users.id, questions.createdBy))
    .where(and(thisAcademy(questions), isNull(questions.deletedAt), where))
    .orderBy(desc(questions.createdAt), desc(questions.id))
    .$dynamic();
  const rows = await (window ? query.limit(window.limit).offset((window.page - 1) * window.limit) : query);
  let total = rows[0]?.total ?? 0;
  if (window && rows.length === 0 && window.page > 1) {
    // Past the last page the window count has no row to ride on.
    const [counted] = await db.select({ value: sql<number>`count(*)::int` }).from(questions).where(and(isNull(questions.deletedAt), where));
    total = counted?.value ?? 0;
  }
  return {
    total,
    questions: rows.map((row) => ({
      _id: row.id,
      subject: { _id: row.subjectId, name: row.subjectName, code: row.subjectCode },
      chapter: row.chapter,
      topic: row.topic,
      difficulty: row.difficulty,
      type: row.type,
      text: row.text,
      options: row.options.map((option) => ({ _id: option.id, text: option.text })),
      correct: row.correct.map((id) => row.options.findIndex((option) => option.id === id)).filter((index) => index >= 0),
      answer: row.answerValue === null ? null : { value: row.answerValue, tolerance: row.answerTolerance ?? 0 },
      solution: row.solution,
      language: row.language,
      duplicateOf: row.duplicateOf,
      createdBy: row.authorId ? { _id: row.authorId, name: row.authorName! } : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}

/** Every word of the search in the question's text (the trigram index answers ILIKE '%…%'). */
function searchCondition(search: string | undefined): SQL | undefined {
  const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  return words.length ? and(...words.map((word) => ilike(questions.text, containsPattern(word)))) : undefined;
}

/** GET /api/questions: one page of the bank the actor may see, filtered, and its chapters (of the subject filtered) with their counts. */
export async function listQuestions(db: DbExecutor, actor: Actor, query: ListQuery): Promise<QuestionList> {
  const scope = questionScope(actor);
  const subject = query.subject ? eq(questions.subjectId, query.subject) : undefined;
  const [page, chapters] = await Promise.all([
    loadQuestions(
      db,
      and(
        scope,
        subject,
        query.chapter ? eq(questions.chapter, query.chapter) : undefined,
        query.difficulty ? eq(questions.difficulty, query.difficulty) : undefined,
        query.type ? eq(questions.type, query.type) : undefined,
        searchCondition(query.search),
      ),
      query,
    ),
    db
      .select({ subject: questions.subjectId, chapter: questions.chapter, count: sql<number>`count(*)::int` })
      .from(questions)
      .where(and(isNull(questions.deletedAt), scope, subject))
      .groupBy(questions.subjectId, questions.chapter)
      .orderBy(asc(questions.chapter), asc(questions.subjectId)),
  ]);
  return { questions: page.questions, chapters, pagination: { page: query.page, limit: query.limit, total: page.total } };
}

/** GET /api/questions/{id}: 404 when missing, hidden or of a subject the actor does not teach. */
export async function getQuestion(db: DbExecutor, actor: Actor, id: string): Promise<Question> {
  const {
    questions: [question],
  } = await loadQuestions(db, and(eq(questions.id, id), questionScope(actor)));
  if (!question) throw questionNotFound();
  return question;
}

/** GET /api/questions/subjects: the subjects the actor may write questions for, by name. */
export async function questionSubjects(db: DbExecutor, actor: Actor): Promise<QuestionSubjects> {
  const rows: SubjectRef[] = await db
    .select({ _id: subjects.id, name: subjects.name, code: subjects.code })
    .from(subjects)
    .where(questionSubjectScope(actor))
    .orderBy(asc(subjects.name));
  return { subjects: rows };
}

/** The subject a question is written for: 400 when it does not exist, 403 when the actor may not write for it. */
async function assertWritableSubject(tx: DbExecutor, actor: Actor, subjectId: string): Promise<string> {
  const scope = questionSubjectScope(actor);
  const [subject] = await tx
    .select({ name: subjects.name, writable: sql<boolean>`${scope ?? sql`true`}` })
    .from(subjects)
    .where(eq(subjects.id, subjectId))
    .limit(1);
  if (!subject) throw new AppError('BAD_REQUEST', 'Choose a subject from the list', { subject: 'Choose a subject from the list' });
  assertMayWriteSubject(Boolean(subject.writable));
  return subject.name;
}

type QuestionColumns = ReturnType<typeof questionColumns>;
const AUDITED_FIELDS = ['subjectId', 'chapter', 'topic', 'difficulty', 'type', 'text', 'options', 'correct', 'answerValue', 'answerTolerance', 'solution', 'language'] as const;

/** What the audit log keeps of a question: what a person wrote (the fingerprint is bookkeeping). */
function audited(record: Pick<QuestionColumns, (typeof AUDITED_FIELDS)[number]>): Record<string, unknown> {
  return Object.fromEntries(AUDITED_FIELDS.map((field) => [field, record[field]]));
}

/** POST /api/questions. */
export async function createQuestion(db: Db, actor: Actor, input: QuestionValues): Promise<Question> {
  const id = await db.transaction(async (tx) => {
    const subjectName = await assertWritableSubject(tx, actor, input.subject);
    const columns = questionColumns(input);
    const [row] = await tx
      .insert(questions)
      .values({ ...columns, createdBy: actor.userId })
      .returning({ id: questions.id });
    await recordAudit(tx, actor, {
      action: 'create',
      entityType: 'question',
      entityId: row!.id,
      text: { key: 'question.created', values: { subject: subjectName, chapter: input.chapter } },
      changes: diffChanges({}, audited(columns)),
    });
    return row!.id;
  });
  return getQuestion(db, actor, id);
}

/** A question of the bank the actor may change, locked for the change (404 otherwise). */
async function lockQuestion(tx: DbExecutor, actor: Actor, id: string) {
  const [row] = await tx
    .select()
    .from(questions)
    .where(and(and(eq(questions.id, id), isNull(questions.deletedAt), questionScope(actor)), thisAcademy(questions)))
    .limit(1)
    .for('update');
  if (!row) throw questionNotFound();
  return row;
}

/** PUT /api/questions/{id}: the whole question as sent; options keep their ids by position. */
export async function updateQuestion(db: Db, actor: Actor, id: string, input: QuestionValues): Promise<Question> {
  await db.transaction(async (tx) => {
    const current = await lockQuestion(tx, actor, id);
    // Moving a question to another subject needs that subject to be the actor's too.
    const subjectName = await assertWritableSubject(tx, actor, input.subject);
    const columns = questionColumns(input, current.options);
    await tx.update(questions).set(columns).where(eq(questions.id, id));
    await recordAudit(tx, actor, {
      action: 'update',
      entityType: 'question',
      entityId: id,
      text: { key: 'question.updated', values: { subject: subjectName, chapter: input.chapter } },
      changes: diffChanges(audited(current), audited(columns)),
    });
  });
  return getQuestion(db, actor, id);
}

/**
 * DELETE /api/questions/{id}. A question a test uses stays (the test's papers and results show it) but
 * leaves the bank (`deleted_at`); any other is deleted. Answers 'hidden' or 'deleted'.
 */
export async function deleteQuestion(db: Db, actor: Actor, id: string): Promise<'hidden' | 'deleted'> {
  return db.transaction(async (tx) => {
    const current = await lockQuestion(tx, actor, id);
    const [used] = await tx.select({ one: sql`1` }).from(onlineTestQuestions).where(eq(onlineTestQuestions.questionId, id)).limit(1);
    const [subject] = await tx.select({ name: subjects.name }).from(subjects).where(eq(subjects.id, current.subjectId));
    if (used) await tx.update(questions).set({ deletedAt: new Date() }).where(eq(questions.id, id));
    else await tx.delete(questions).where(eq(questions.id, id));
    await recordAudit(tx, actor, {
      action: 'delete',
      entityType: 'question',
      entityId: id,
      text: { key: used ? 'question.hidden' : 'question.deleted', values: { subject: subject?.name ?? '', chapter: current.chapter } },
      changes: null,
    });
    return used ? 'hidden' : 'deleted';
  });
}
