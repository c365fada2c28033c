import { STUDENT_SORTS } from '@academy/shared/schemas/students';
import type { StudentListQuery } from '@academy/shared/schemas/students';

export type StudentSort = (typeof STUDENT_SORTS)[number];
export type StudentStatusFilter = 'active' | 'archived' | 'alumni' | 'all';
export type SortOrder = 'asc' | 'desc';

export const STUDENT_PAGE_SIZE = 20;

/** The list's state, kept in the address so a reload or the back button shows the same page. */
export interface StudentListState {
  search: string;
  standardId: string;
  batchId: string;
  status: StudentStatusFilter;
  sort: StudentSort;
  order: SortOrder;
  page: number;
}

const STATUSES: readonly StudentStatusFilter[] = ['active', 'archived', 'alumni', 'all'];

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function parseStudentListState(params: URLSearchParams): StudentListState {
  const page = Number(params.get('page'));
  return {
    search: params.get('search') ?? '',
    standardId: params.get('standardId') ?? '',
    batchId: params.get('batchId') ?? '',
    status: oneOf(params.get('status'), STATUSES, 'active'),
    sort: oneOf(params.get('sort'), STUDENT_SORTS, 'name'),
    order: oneOf(params.get('order'), ['asc', 'desc'] as const, 'asc'),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address's search params: defaults left out, so a plain /app/students stays plain. */
export function toStudentListParams(state: StudentListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim() !== '') params.set('search', state.search.trim());
  if (state.standardId !== '') params.set('standardId', state.standardId);
  if (state.batchId !== '') params.set('batchId', state.batchId);
  if (state.status !== 'active') params.set('status', state.status);
  if (state.sort !== 'name') params.set('sort', state.sort);
  if (state.order !== 'asc') params.set('order', state.order);
  if (state.page !== 1) params.set('page', String(state.page));
  return params;
}

/** The filters as the API takes them (the CSV export uses the same, without paging). */
export function toStudentFilterQuery(state: StudentListState): Omit<StudentListQuery, 'page' | 'limit'> {
  return { search: state.search.trim(), standardId: state.standardId, batchId: state.batchId, status: state.status, sort: state.sort, order: state.order };
}

export function toStudentListQuery(state: StudentListState): StudentListQuery {
  return { ...toStudentFilterQuery(state), page: String(state.page), limit: String(STUDENT_PAGE_SIZE) };
}

/** Clicking a column: the same column flips the order, another one starts ascending; back to page 1. */
export function toggleSort(state: StudentListState, sort: StudentSort): StudentListState {
  const order: SortOrder = state.sort === sort && state.order === 'asc' ? 'desc' : 'asc';
  return { ...state, sort, order, page: 1 };
}

export function pageCount(total: number, limit: number = STUDENT_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / limit));
}
