/**
 * THE one definition of what a family owes now (issue 73, point 11; decision 072): the dues still open
 * with something left to pay whose due date has come, i.e. overdue and due today, minus what was paid
 * and conceded (the balance). An instalment dated later is not due now: it is listed as "later" and
 * not counted. The fee reminder's "total due", the pay page it links to and the ledger's "due now" all
 * come from this function, so the family never reads two totals for one debt.
 */
export type DueForNow = {
  /** 'YYYY-MM-DD' */
  dueDate: string;
  /** What is left of the due, in paise (amount − concession − paid). */
  balancePaise: number;
  /** Still to be paid: not cancelled, not carried over into a new year's balance. */
  open: boolean;
};

/** Whether one due is due now on `today` ('YYYY-MM-DD', the academy's day). */
export function isDueNow(due: DueForNow, today: string): boolean {
  return due.open && due.balancePaise > 0 && due.dueDate <= today;
}

/** The dues due now (in the order given), their total in paise, and the open dues still to come. */
export function dueNow<Due extends DueForNow>(dues: readonly Due[], today: string): { dues: Due[]; totalPaise: number; later: Due[] } {
  const now = dues.filter((due) => isDueNow(due, today));
  return {
    dues: now,
    totalPaise: now.reduce((sum, due) => sum + due.balancePaise, 0),
    later: dues.filter((due) => due.open && due.balancePaise > 0 && due.dueDate > today),
  };
}
