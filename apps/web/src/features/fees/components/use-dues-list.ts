import { useState } from 'react';
import { academicYearNameOf } from '@academy/shared/calendar';
import { useAcademyToday } from '../../../lib/use-academy-today';
import { useDues, type DuesFilter } from '../api';

const LIMIT = 50;

/** The office's open dues as filtered (overdue first, a page of 50) and the ones ticked for a reminder; a new filter clears the ticks. */
export function useDuesList() {
  const [filter, setFilter] = useState<DuesFilter>({ overdue: 'true', page: 1, limit: LIMIT });
  const [selected, setSelected] = useState<string[]>([]);
  const dues = useDues(filter);
  const update = (change: Partial<DuesFilter>) => {
    setSelected([]);
    setFilter((current) => ({ ...current, page: 1, ...change }));
  };
  const rows = dues.data?.dues ?? [];
  // A past academic year's dues (issue 39) are read, not reminded: the family owes them as this year's previous year balance.
  const currentYear = academicYearNameOf(useAcademyToday());
  const pastYear = Boolean(filter.year);
  const pages = Math.max(1, Math.ceil((dues.data?.pagination.total ?? 0) / LIMIT));
  const setPage = (page: number) => setFilter((current) => ({ ...current, page }));
  const selectAll = (checked: boolean) => setSelected(checked ? rows.map((row) => row._id) : []);
  const selectDue = (dueId: string, checked: boolean) => setSelected((current) => (checked ? [...current, dueId] : current.filter((entry) => entry !== dueId)));
  const clearSelection = () => setSelected([]);
  return { filter, update, setPage, pages, dues, rows, currentYear, pastYear, selected, selectAll, selectDue, clearSelection };
}

export type DuesListState = ReturnType<typeof useDuesList>;
