import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { PDF_FONTS } from './pdf';
import { drawShareCard, shareCardSvg, textWidth, wrapText } from './share-card';

// One unit of width per character: lines are easy to predict.
const byLength = (text: string) => text.length;

describe('wrapText', () => {
  it('breaks between words, as many as fit on a line', () => {
    expect(wrapText('one two three four five', 9, byLength, 5)).toEqual(['one two', 'three', 'four five']);
    expect(wrapText('  spaced   out  ', 20, byLength, 2)).toEqual(['spaced out']);
    expect(wrapText('', 10, byLength, 2)).toEqual([]);
  });

  it('breaks a word longer than a line between its clusters, never inside a syllable', () => {
    expect(wrapText('abcdefghij', 4, byLength, 5)).toEqual(['abcd', 'efgh', 'ij']);
    // "kshi" (ka, virama, ssa, vowel sign i) is one cluster of four code points.
    const syllable = '\u0915\u094d\u0937\u093f';
    expect(wrapText(syllable.repeat(3), 5, byLength, 5)).toEqual([syllable, syllable, syllable]);
  });

  it('ends the last line with an ellipsis when the text does not fit', () => {
    expect(wrapText('one two three four five', 9, byLength, 2)).toEqual(['one two', 'three fo…']);
    expect(wrapText('one two three', 9, byLength, 1)).toEqual(['one two…']);
  });
});

describe('the share card', () => {
  const font = fontkit.openSync(PDF_FONTS.regular) as fontkit.Font;

  it('measures Devanagari as shaped: a conjunct is narrower than its letters side by side', () => {
    const ksha = textWidth(font, '\u0915\u094d\u0937', 100);
    const apart = textWidth(font, '\u0915', 100) + textWidth(font, '\u094d', 100) + textWidth(font, '\u0937', 100);
    expect(ksha).toBeGreaterThan(0);
    expect(ksha).toBeLessThan(apart);
  });

  it('draws text as outlines (no font needed to paint it) on a 1200 by 630 picture', async () => {
    const card = { header: 'Shree Academy', title: '\u0915\u094d\u0937\u093f\u0924\u093f\u091c \u091c\u094d\u091e\u093e\u0928', lines: ['11th Science \u00b7 Physics'], footer: 'Admissions open \u00b7 +91 98765 43210' };
    const svg = await shareCardSvg(card);
    expect(svg).toContain('width="1200" height="630"');
    expect(svg).not.toContain('<text');
    expect(svg.match(/<path /g)!.length).toBe(4);
    const png = await drawShareCard(card);
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(png.length).toBeLessThan(150_000);
  });
});
