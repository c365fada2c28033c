/* eslint-disable lingui/no-unlocalized-strings -- test names, read by developers only (features/exams/** is linted for translation) */
import { describe, expect, it } from 'vitest';
import { JEE_MAIN_SECTIONS, keyAnswers, keyText, kindsOf } from './omr-key-text';

describe('the answer key as typed (decisions 092 and 098)', () => {
  it('takes letters for multiple-choice questions and numbers for numeric-answer ones, in JEE Main’s sections or last', () => {
    const main = kindsOf({ pattern: 'jee', questions: 75, options: 4, numeric: 15, sections: JEE_MAIN_SECTIONS });
    const typed = `1 ${'ABCD'.repeat(5)} 42 7 1250 0 9 ${'BCDA'.repeat(5)} 1 2 3 4 5 ${'CDAB'.repeat(5)} 6 7 8 9 0010`;
    const answers = keyAnswers(typed, main);
    expect(answers).toHaveLength(75);
    expect(answers.slice(19, 26)).toEqual(['D', '42', '7', '1250', '0', '9', 'B']);
    expect(answers[74]).toBe('10');
    expect(keyAnswers(keyText(answers), main)).toEqual(answers);
    const last = kindsOf({ pattern: 'jee', questions: 75, options: 4, numeric: 15, sections: null });
    expect(keyAnswers(`${'ABC'.repeat(20)} ${Array.from({ length: 15 }, (_, i) => i).join(' ')}`, last).slice(58, 62)).toEqual(['B', 'C', '0', '1']);
    expect(keyText(['A', 'B', '42', '7', 'C'])).toBe('AB 42 7 C');
  });
});
