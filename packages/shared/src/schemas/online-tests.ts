import { z } from 'zod';
import { LANGUAGES } from '../languages';
import { idSchema, isoDateTimeSchema, namedRefSchema, optionalField, optionalQueryValue, pagedQuerySchema, paginationSchema, requiredNameSchema, subjectRefSchema } from './common';
import { isHalfStep } from './exams';

/**
 * Online practice tests for CET, JEE and NEET (issue 40; docs/decisions/037-online-tests.md): the
 * question bank, test papers, a student's timed attempt and its result. The server alone knows the
 * answers and keeps the clock; marks are half-steps (as the paper tests' marks), so scores are exact.
 */

export const QUESTION_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type QuestionDifficulty = (typeof QUESTION_DIFFICULTIES)[number];
/** single: one right option of four; multiple: one or more of four; numeric: a number typed in, within a tolerance. */
export const QUESTION_TYPES = ['single', 'multiple', 'numeric'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_OPTION_COUNT = 4;
/** How long after an attempt's end a save still in flight is taken (the last tap before the bell). */
export const ATTEMPT_GRACE_SECONDS = 30;

export const ONLINE_TEST_MESSAGES = {
  questionCreated: 'Question saved',
  questionUpdated: 'Question updated',
  questionDeleted: 'Question deleted',
  questionNotFound: 'Question not found',
  notYourSubject: 'You can only write questions for the subjects you teach',
  fourOptions: 'Give exactly 4 options',
  correctRequired: 'Mark the right option',
  oneCorrect: 'A single-answer question has exactly one right option',
  correctIndex: 'A right option must be one of the 4 options (0 to 3)',
  answerRequired: 'Give the right number',
  noOptionsForNumeric: 'A numeric question has no options',
  duplicateQuestion: 'The same question is already in the bank',
  testCreated: 'Online test created',
  testUpdated: 'Online test updated',
  testDeleted: 'Online test deleted',
  testNotFound: 'Online test not found',
  testPublished: 'Online test published: its students can take it when it opens',
  closesAfterOpens: 'The test must close after it opens',
  durationFits: 'The duration must fit between opening and closing',
  resultsAfterClosing: 'Results can show only once the test has closed for everyone',
  questionsOrBlueprint: 'Choose the questions, or give a blueprint to pick them',
  notEnoughQuestions: 'Not enough questions in the bank for {chapter} ({difficulty}): {found} of {count}',
  unknownQuestions: 'Some chosen questions are not in the bank',
  publishedLocked: 'A published test cannot be changed',
  notYourBatch: 'You can only set tests for your own batches',
  unknownBatches: 'Some chosen batches do not exist: refresh the page and choose again',
  batchArchived: 'This batch belongs to a past academic year: choose a current batch',
  notOpenYet: 'This test has not opened yet',
  closed: 'This test is closed',
  notForYou: 'This test is not for your batch',
  alreadyAttempted: 'You have already taken this test: one attempt each',
  attemptNotFound: 'Attempt not found',
  timeUp: 'Time is up: answers after the end of the test are not saved',
  alreadySubmitted: 'This test was already submitted',
  notInPaper: 'This question is not in the test',
  notAnOption: 'Choose one of the question’s options',
  oneChoice: 'Choose one option for this question',
  valueForNumeric: 'Type a number for this question',
  submitted: 'Test submitted',
  answersSaved: 'Answers saved',
  resultNotYet: 'The result is ready once the test is submitted',
} as const;

/** A mark of the scheme: −100 to 100 in steps of 0.5 (+4, −1, 0). */
const markSchema = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(-100, `${label} must be between -100 and 100`)
    .max(100, `${label} must be between -100 and 100`)
    .refine(isHalfStep, `${label} must be in steps of 0.5`);

export const markingSchema = z.object(
  {
    correct: markSchema('Marks for a right answer').refine((value) => value > 0, 'Marks for a right answer must be more than 0'),
    wrong: markSchema('Marks for a wrong answer').refine((value) => value <= 0, 'Marks for a wrong answer must be 0 or less'),
    unanswered: markSchema('Marks for a question left').refine((value) => value <= 0, 'Marks for a question left must be 0 or less'),
  },
  { error: 'Give the marking as { correct, wrong, unanswered }' },
);
export type Marking = z.infer<typeof markingSchema>;

/** The real exams' schemes, offered on the paper form. */
export const MARKING_PRESETS = {
  'jee-main': { correct: 4, wrong: -1, unanswered: 0 },
  neet: { correct: 4, wrong: -1, unanswered: 0 },
  'mht-cet-1': { correct: 1, wrong: 0, unanswered: 0 },
  'mht-cet-2': { correct: 2, wrong: 0, unanswered: 0 },
} as const satisfies Record<string, Marking>;

const markdownText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** POST /api/questions, PUT /api/questions/{id}. Text, options and solution are Markdown with $…$ math. */
export const questionInputSchema = z
  .object(
    {
      subject: idSchema,
      chapter: requiredNameSchema('Chapter', 120),
      topic: optionalField(z.string().max(120, 'Topic must be at most 120 characters'), 'Topic must be text'),
      difficulty: z.enum(QUESTION_DIFFICULTIES, { error: 'Difficulty must be easy, medium or hard' }),
      type: z.enum(QUESTION_TYPES, { error: 'Type must be single, multiple or numeric' }),
      text: markdownText('Question', 5000),
      options: z.array(z.object({ text: markdownText('Option', 1000) }, { error: 'Each option is { text }' }), { error: 'Options must be a list' }).optional(),
      correct: z.array(z.number({ error: ONLINE_TEST_MESSAGES.correctIndex }).int(ONLINE_TEST_MESSAGES.correctIndex).min(0, ONLINE_TEST_MESSAGES.correctIndex).max(3, ONLINE_TEST_MESSAGES.correctIndex)).optional(),
      answer: z
        .object(
          {
            value: z.number({ error: 'The answer must be a number' }).finite('The answer must be a number').min(-1e9, 'The answer is too large').max(1e9, 'The answer is too large'),
            tolerance: z.number({ error: 'The tolerance must be a number' }).min(0, 'The tolerance cannot be negative').max(1e6, 'The tolerance is too large').default(0),
          },
          { error: 'Give the answer as { value, tolerance }' },
        )
        .optional(),
      solution: optionalField(z.string().max(10_000, 'Solution must be at most 10000 characters'), 'Solution must be text'),
      language: z.enum(LANGUAGES, { error: 'Language must be en, mr or hi' }).default('en'),
    },
    { error: 'Send the question as an object' },
  )
  .superRefine((input, context) => {
    if (input.type === 'numeric') {
      if (!input.answer) context.addIssue({ code: 'custom', path: ['answer'], message: ONLINE_TEST_MESSAGES.answerRequired });
      if (input.options && input.options.length > 0) context.addIssue({ code: 'custom', path: ['options'], message: ONLINE_TEST_MESSAGES.noOptionsForNumeric });
      return;
    }
    if (input.options?.length !== QUESTION_OPTION_COUNT) context.addIssue({ code: 'custom', path: ['options'], message: ONLINE_TEST_MESSAGES.fourOptions });
    const correct = [...new Set(input.correct ?? [])];
    if (correct.length === 0) context.addIssue({ code: 'custom', path: ['correct'], message: ONLINE_TEST_MESSAGES.correctRequired });
    else if (input.type === 'single' && correct.length !== 1) context.addIssue({ code: 'custom', path: ['correct'], message: ONLINE_TEST_MESSAGES.oneCorrect });
  });
export type QuestionInput = z.input<typeof questionInputSchema>;

/** A question as its authors see it: with the right answer and the solution. Options carry stable ids. */
export const questionSchema = z.object({
  _id: z.uuid(),
  subject: subjectRefSchema,
  chapter: z.string(),
  topic: z.string().nullable(),
  difficulty: z.enum(QUESTION_DIFFICULTIES),
  type: z.enum(QUESTION_TYPES),
  text: z.string(),
  options: z.array(z.object({ _id: z.string(), text: z.string() })),
  /** Indexes of the right options (single, multiple). */
  correct: z.array(z.number().int()),
  answer: z.object({ value: z.number(), tolerance: z.number() }).nullable(),
  solution: z.string().nullable(),
  language: z.enum(LANGUAGES),
  /** Another question of the bank with the same text and options (flagged, not refused, on import). */
  duplicateOf: z.uuid().nullable(),
  createdBy: namedRefSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Question = z.infer<typeof questionSchema>;

/** GET /api/questions?subject=&chapter=&difficulty=&type=&search=&page=&limit= */
export const questionListQuerySchema = pagedQuerySchema({ defaultLimit: 20, maxLimit: 100 }).extend({
  subject: optionalQueryValue(idSchema),
  chapter: optionalQueryValue(z.string().trim().max(120, 'Chapter must be at most 120 characters')),
  difficulty: optionalQueryValue(z.enum(QUESTION_DIFFICULTIES, { error: 'Difficulty must be easy, medium or hard' })),
  type: optionalQueryValue(z.enum(QUESTION_TYPES, { error: 'Type must be single, multiple or numeric' })),
  search: optionalQueryValue(z.string().trim().max(100, 'Search must be at most 100 characters')),
});
export type QuestionListQuery = z.input<typeof questionListQuerySchema>;
export const questionListSchema = z.object({
  questions: z.array(questionSchema),
  /** The chapters of the bank (of the subject filtered), for the filter and the blueprint. */
  chapters: z.array(z.object({ subject: z.uuid(), chapter: z.string(), count: z.number().int() })),
  pagination: paginationSchema,
});
export type QuestionList = z.infer<typeof questionListSchema>;

const blueprintRowSchema = z.object(
  {
    subject: idSchema.optional(),
    chapter: requiredNameSchema('Chapter', 120),
    difficulty: z.enum(QUESTION_DIFFICULTIES, { error: 'Difficulty must be easy, medium or hard' }).optional(),
    count: z.number({ error: 'Count must be a number' }).int('Count must be a whole number').min(1, 'Count must be at least 1').max(200, 'Count must be at most 200'),
  },
  { error: 'Each blueprint row is { chapter, difficulty, count }' },
);

/** POST /api/online-tests, PUT /api/online-tests/{id} (while a draft). */
export const onlineTestInputSchema = z
  .object(
    {
      title: requiredNameSchema('Title', 160),
      batches: z.array(idSchema, { error: 'Choose the batches' }).min(1, 'Choose at least one batch').max(50, 'At most 50 batches'),
      opensAt: z.iso.datetime({ offset: true, error: 'Give the opening time as a date and time' }),
      closesAt: z.iso.datetime({ offset: true, error: 'Give the closing time as a date and time' }),
      /** When students see their scores and answers (issue 71); none: at the closing. */
      resultsAt: z.iso.datetime({ offset: true, error: 'Give the results time as a date and time' }).nullable().optional(),
      durationMinutes: z.number({ error: 'Duration must be a number of minutes' }).int('Duration must be whole minutes').min(1, 'Duration must be at least 1 minute').max(600, 'Duration must be at most 600 minutes'),
      marking: markingSchema,
      questions: z.array(idSchema, { error: 'Questions must be a list of ids' }).max(300, 'At most 300 questions').optional(),
      blueprint: z.array(blueprintRowSchema, { error: 'The blueprint must be a list' }).max(60, 'At most 60 blueprint rows').optional(),
      shuffle: z.boolean({ error: 'shuffle must be true or false' }).default(true),
    },
    { error: 'Send the test as an object' },
  )
  .superRefine((input, context) => {
    const opens = Date.parse(input.opensAt);
    const closes = Date.parse(input.closesAt);
    if (!(closes > opens)) context.addIssue({ code: 'custom', path: ['closesAt'], message: ONLINE_TEST_MESSAGES.closesAfterOpens });
    else if (input.durationMinutes * 60_000 > closes - opens) context.addIssue({ code: 'custom', path: ['durationMinutes'], message: ONLINE_TEST_MESSAGES.durationFits });
    // Results before the closing would tell a student how the questions they answered were marked
    // while others can still answer them (issue 71).
    if (input.resultsAt && Date.parse(input.resultsAt) < closes) context.addIssue({ code: 'custom', path: ['resultsAt'], message: ONLINE_TEST_MESSAGES.resultsAfterClosing });
    const questions = input.questions?.length ?? 0;
    const blueprint = input.blueprint?.length ?? 0;
    if ((questions === 0) === (blueprint === 0)) context.addIssue({ code: 'custom', path: ['questions'], message: ONLINE_TEST_MESSAGES.questionsOrBlueprint });
  });
export type OnlineTestInput = z.input<typeof onlineTestInputSchema>;

export const ONLINE_TEST_STATUSES = ['draft', 'published'] as const;
/** Where a test stands for a student: not open yet, open, closed (with or without their attempt). */
export const ONLINE_TEST_PHASES = ['upcoming', 'open', 'closed'] as const;

/** An online test as its teacher sees it (with its questions and answers) or as a list row. */
export const onlineTestSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  batches: z.array(namedRefSchema),
  opensAt: isoDateTimeSchema,
  closesAt: isoDateTimeSchema,
  /** The results time the teacher set (null: at the closing). */
  resultsAt: isoDateTimeSchema.nullable(),
  durationMinutes: z.number().int(),
  marking: markingSchema,
  shuffle: z.boolean(),
  status: z.enum(ONLINE_TEST_STATUSES),
  phase: z.enum(ONLINE_TEST_PHASES),
  publishedAt: isoDateTimeSchema.nullable(),
  questionCount: z.number().int(),
  maxMarks: z.number(),
  /** Sections per subject, in the paper's order. */
  sections: z.array(z.object({ subject: subjectRefSchema, questions: z.array(questionSchema) })),
  attempts: z.number().int(),
  submitted: z.number().int(),
  createdBy: namedRefSchema.nullable(),
});
export type OnlineTest = z.infer<typeof onlineTestSchema>;

/** GET /api/online-tests: the teacher's (their batches') or admin's tests, or a student's published ones. */
export const onlineTestListSchema = z.object({
  tests: z.array(
    onlineTestSchema.omit({ sections: true }).extend({
      /** The student's own attempt (students only); its score only once results show (`resultsAt`, else the closing). */
      attempt: z.object({ _id: z.uuid(), submittedAt: isoDateTimeSchema.nullable(), endsAt: isoDateTimeSchema, score: z.number().nullable() }).nullable(),
    }),
  ),
});
export type OnlineTestList = z.infer<typeof onlineTestListSchema>;

/** A question as the student sees it during the attempt: no answer, no solution; options in the attempt's order. */
export const attemptQuestionSchema = z.object({
  _id: z.uuid(),
  number: z.number().int(),
  subject: subjectRefSchema,
  type: z.enum(QUESTION_TYPES),
  text: z.string(),
  options: z.array(z.object({ _id: z.string(), text: z.string() })),
});

export const savedAnswerSchema = z.object({
  questionId: z.uuid(),
  choice: z.array(z.string()),
  value: z.number().nullable(),
  markedForReview: z.boolean(),
  timeSpentSeconds: z.number().int(),
  /** The phone's count of changes to this answer: a phone resuming the attempt carries on from it. */
  revision: z.number().int(),
});
export type SavedAnswer = z.infer<typeof savedAnswerSchema>;

/** POST /api/online-tests/{id}/attempts and GET /api/attempts/{id}: the attempt to take (or resume). */
export const attemptSchema = z.object({
  _id: z.uuid(),
  test: z.object({ _id: z.uuid(), title: z.string(), durationMinutes: z.number().int(), marking: markingSchema, closesAt: isoDateTimeSchema }),
  startedAt: isoDateTimeSchema,
  /** When the server stops taking answers: start + duration, or the test's closing, whichever is first. */
  endsAt: isoDateTimeSchema,
  /** The server's clock when it answered: the phone counts down from endsAt − serverNow. */
  serverNow: isoDateTimeSchema,
  submittedAt: isoDateTimeSchema.nullable(),
  questions: z.array(attemptQuestionSchema),
  answers: z.array(savedAnswerSchema),
});
export type Attempt = z.infer<typeof attemptSchema>;

/** One answer of PUT /api/attempts/{id}/answers. `revision` grows with each change of that answer on the phone: an older one arriving late changes nothing. */
export const answerInputSchema = z.object(
  {
    questionId: idSchema,
    choice: z.array(z.string().max(40), { error: 'choice must be a list of option ids' }).max(QUESTION_OPTION_COUNT, ONLINE_TEST_MESSAGES.notAnOption).optional(),
    value: z.number({ error: ONLINE_TEST_MESSAGES.valueForNumeric }).finite(ONLINE_TEST_MESSAGES.valueForNumeric).nullable().optional(),
    markedForReview: z.boolean({ error: 'markedForReview must be true or false' }).default(false),
    timeSpentSeconds: z.number({ error: 'timeSpentSeconds must be a number' }).int('timeSpentSeconds must be whole seconds').min(0, 'timeSpentSeconds cannot be negative').max(86_400, 'timeSpentSeconds is too large').default(0),
    revision: z.number({ error: 'revision must be a number' }).int('revision must be a whole number').min(0, 'revision cannot be negative').max(1e9, 'revision is too large').default(0),
  },
  { error: 'Each answer is { questionId, choice | value }' },
);
export const answersInputSchema = z.object(
  { answers: z.array(answerInputSchema, { error: 'Send the answers as a list' }).min(1, 'Send at least one answer').max(300, 'At most 300 answers at once') },
  { error: 'Send { answers: [...] }' },
);
export type AnswersInput = z.input<typeof answersInputSchema>;
export const answersSavedSchema = z.object({ saved: z.number().int(), endsAt: isoDateTimeSchema, serverNow: isoDateTimeSchema });

/**
 * GET /api/attempts/{id}/result. Until results show (`test.resultsShown`: the teacher's results time,
 * else the closing for everyone) only that the attempt was received and when: the score, the counts,
 * the standing are null and the lists empty (issue 71: a student answering only Q2 learnt from
 * `score=4 correct=1` that their answer was right, while the test was open for others).
 */
export const attemptResultSchema = z.object({
  _id: z.uuid(),
  test: z.object({
    _id: z.uuid(),
    title: z.string(),
    closesAt: isoDateTimeSchema,
    /** When the results show: the teacher's results time, else the closing. */
    resultsAt: isoDateTimeSchema,
    resultsShown: z.boolean(),
    marking: markingSchema,
    maxMarks: z.number(),
    closed: z.boolean(),
  }),
  submittedAt: isoDateTimeSchema,
  score: z.number().nullable(),
  correct: z.number().int().nullable(),
  wrong: z.number().int().nullable(),
  unanswered: z.number().int().nullable(),
  /** Among the test's submitted attempts (final: the test has closed): 1 is the best. */
  rank: z.number().int().nullable(),
  outOf: z.number().int().nullable(),
  percentile: z.number().nullable(),
  /** By subject and by chapter: once results show only (empty before). */
  subjects: z.array(z.object({ subject: subjectRefSchema, score: z.number(), correct: z.number().int(), wrong: z.number().int(), unanswered: z.number().int(), accuracy: z.number().nullable() })),
  chapters: z.array(z.object({ subject: z.uuid(), chapter: z.string(), correct: z.number().int(), wrong: z.number().int(), unanswered: z.number().int(), accuracy: z.number().nullable() })),
  questions: z.array(
    z.object({
      _id: z.uuid(),
      number: z.number().int(),
      subject: z.uuid(),
      chapter: z.string(),
      type: z.enum(QUESTION_TYPES),
      text: z.string(),
      options: z.array(z.object({ _id: z.string(), text: z.string() })),
      choice: z.array(z.string()),
      value: z.number().nullable(),
      /** Once results show only (a verdict while the test is open gives the key away). */
      outcome: z.enum(['correct', 'wrong', 'unanswered']).nullable(),
      marks: z.number().nullable(),
      timeSpentSeconds: z.number().int(),
      /** After closing only. */
      correctOptions: z.array(z.string()).nullable(),
      answer: z.object({ value: z.number(), tolerance: z.number() }).nullable(),
      solution: z.string().nullable(),
    }),
  ),
});
export type AttemptResult = z.infer<typeof attemptResultSchema>;

/** GET /api/online-tests/{id}/results: the teacher's view. */
export const onlineTestResultsSchema = z.object({
  test: z.object({ _id: z.uuid(), title: z.string(), maxMarks: z.number(), closed: z.boolean() }),
  attempts: z.array(
    z.object({
      _id: z.uuid(),
      studentId: z.uuid(),
      name: z.string(),
      batch: namedRefSchema.nullable(),
      score: z.number().nullable(),
      correct: z.number().int(),
      wrong: z.number().int(),
      unanswered: z.number().int(),
      rank: z.number().int().nullable(),
      startedAt: isoDateTimeSchema,
      submittedAt: isoDateTimeSchema.nullable(),
    }),
  ),
  /** The test's students who have not started. */
  notStarted: z.array(z.object({ studentId: z.uuid(), name: z.string() })),
  questions: z.array(
    z.object({
      questionId: z.uuid(),
      number: z.number().int(),
      chapter: z.string(),
      text: z.string(),
      answered: z.number().int(),
      percentCorrect: z.number().nullable(),
      /** Share right in the top third minus share right in the bottom third (−1 … 1); null below 3 attempts. */
      discrimination: z.number().nullable(),
    }),
  ),
});
export type OnlineTestResults = z.infer<typeof onlineTestResultsSchema>;

export const onlineTestListQuerySchema = z.object({
  batch: optionalQueryValue(idSchema),
});

/** GET /api/online-tests/{id}/paper.pdf: the printed paper, or with `answers=true` its answer key and solutions. */
export const onlineTestPaperQuerySchema = z.object({
  answers: optionalQueryValue(z.enum(['true', 'false'], { error: 'answers must be true or false' })),
});
