/**
 * Ranks of one test, standard competition ranking ("1224"): equal marks share a rank and the next
 * rank skips as many places as were shared (1, 2, 2, 4). Absent students (and anyone without marks)
 * are not ranked. Marks are whole half-marks, so equality is exact.
 */
export function competitionRanks<T extends { halfMarks: number | null; absent: boolean }>(rows: readonly T[]): Map<T, number> {
  const sitting = rows.filter((row) => !row.absent && row.halfMarks !== null).sort((a, b) => b.halfMarks! - a.halfMarks!);
  const ranks = new Map<T, number>();
  sitting.forEach((row, index) => {
    const previous = sitting[index - 1];
    ranks.set(row, previous && previous.halfMarks === row.halfMarks ? ranks.get(previous)! : index + 1);
  });
  return ranks;
}

/** Average and highest of the students who sat the test, in half-marks; nulls when nobody did. Average to two decimals of a mark. */
export function averageAndHighest(rows: readonly { halfMarks: number | null; absent: boolean }[]): { average: number | null; highest: number | null; present: number } {
  const sat = rows.filter((row) => !row.absent && row.halfMarks !== null).map((row) => row.halfMarks!);
  if (sat.length === 0) return { average: null, highest: null, present: 0 };
  const total = sat.reduce((sum, value) => sum + value, 0);
  // total / count half-marks → marks, rounded to 2 decimals from integers (no float drift in the sum).
  return { average: Math.round((total * 100) / (sat.length * 2)) / 100, highest: Math.max(...sat) / 2, present: sat.length };
}

/** marks ÷ maximum as a percentage with one decimal (both in half-marks). */
export function percentageOf(halfMarks: number | null, maxHalfMarks: number): number | null {
  if (halfMarks === null) return null;
  return Math.round((halfMarks * 1000) / maxHalfMarks) / 10;
}
