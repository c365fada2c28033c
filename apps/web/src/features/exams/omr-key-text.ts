import { parseSections, questionKinds } from '@academy/shared/omr/layout';

/*
 * The answer key as the teacher types it on the test's page (issue 76, decisions 092 and 098), and the
 * sheet chosen to print.
 */

const LETTERS = ['A', 'B', 'C', 'D', 'E'];

/** The letters A–E typed for a key, in order; anything else (spaces, commas, numbers) is skipped. */
export function keyLetters(text: string): string[] {
  return [...text.toUpperCase()].filter((letter) => LETTERS.includes(letter));
}

/**
 * A key as typed (decisions 092 and 098): question by question in the sheet's order, a letter for a
 * multiple-choice one (numbers there, such as question numbers, skipped) and a whole number for a
 * numeric-answer one (letters there skipped), the numbers separated by spaces or commas: "ACBD… 42 7 1250",
 * or in JEE Main's sections "ACBD… 42 7 1250 3 9 BDCA… 12 …". `kinds` says which question is which.
 */
export function keyAnswers(text: string, kinds: readonly ('choice' | 'numeric')[]): string[] {
  const answers: string[] = [];
  for (const [token] of text.toUpperCase().matchAll(/[A-E]|\d+/g)) {
    const kind = kinds[answers.length];
    if (kind === 'choice' && LETTERS.includes(token)) answers.push(token);
    else if (kind === 'numeric' && /^\d+$/.test(token)) answers.push(String(Number(token)));
  }
  return answers;
}

/** A key written back as the teacher types it: letters run together, each number apart, a space between sections. */
export function keyText(answers: readonly string[]): string {
  return answers.reduce((text, answer, index) => {
    const number = /^\d+$/.test(answer);
    const after = index === 0 ? '' : number || /^\d+$/.test(answers[index - 1]!) ? ' ' : '';
    return text + after + answer;
  }, '');
}

/** JEE Main's paper in sections (decision 098): Physics, Chemistry, Mathematics, each 20 multiple-choice then 5 numeric-answer questions. */
export const JEE_MAIN_SECTIONS = '20+5,20+5,20+5';

/** The sheet chosen: `sections` (JEE only) as "20+5,20+5,20+5", or null for numeric-answer questions last. */
export type SheetChoice = { pattern: string; questions: number; options: number; numeric: number; sections: string | null };

/** Which questions of the sheet chosen take a letter and which a number. */
export function kindsOf(sheet: SheetChoice): ('choice' | 'numeric')[] {
  const sections = sheet.pattern === 'jee' && sheet.sections ? parseSections(sheet.sections) : undefined;
  return questionKinds({ pattern: 'jee', questions: sheet.questions, options: 4, numeric: sheet.numeric, ...(sections ? { sections } : {}) });
}
