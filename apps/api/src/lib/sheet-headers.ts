/*
 * A filled sheet's header row, matched to an import's columns (the spreadsheet-import kit, issue 61).
 * Pure: the register and question readers use it on the cells lib/spreadsheet.ts read.
 */

/** Letters, digits and marks only (Devanagari's vowel signs are marks), lower-case: "Option A" and "option a" are one header. */
export const headerKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}\p{M}]/gu, '');

/**
 * The header row (the sheet's first row with any cell) and where each column stands in it, in the
 * sheet's order; `columnOf` names a header's column, or undefined for a header the import ignores. The
 * first header of a column wins.
 */
export function matchHeaders<Column extends string>(cells: string[][], columnOf: (header: string) => Column | undefined): { headerIndex: number; positions: Map<Column, number> } {
  const headerIndex = cells.findIndex((row) => row.some((cell) => cell.trim() !== ''));
  const positions = new Map<Column, number>();
  (cells[headerIndex] ?? []).forEach((text, position) => {
    const column = columnOf(text);
    if (column && !positions.has(column)) positions.set(column, position);
  });
  return { headerIndex, positions };
}
