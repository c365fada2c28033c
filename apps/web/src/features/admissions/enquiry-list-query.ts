import { ENQUIRY_FORMS, ENQUIRY_SOURCES, ENQUIRY_STATUSES, FOLLOW_UP_FILTERS } from '@academy/shared/schemas/admissions';
import type { AdmissionEnquiryListQuery, EnquiryForm, EnquirySource, EnquiryStatus, FollowUpFilter } from '@academy/shared/schemas/admissions';

export const ENQUIRY_PAGE_SIZE = 20;

/** The list's state, kept in the address so a reload or the back button shows the same page. */
export interface EnquiryListState {
  search: string;
  status: EnquiryStatus | '';
  /** Which form it came through. */
  form: EnquiryForm | '';
  /** Where the family heard of the academy (issue 41). */
  source: EnquirySource | '';
  /** Due to call: today, overdue or this week (the dashboard's "See all" links here). */
  followUp: FollowUpFilter | '';
  page: number;
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | '' {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : '';
}

export function parseEnquiryListState(params: URLSearchParams): EnquiryListState {
  const page = Number(params.get('page'));
  return {
    search: params.get('search') ?? '',
    status: oneOf(params.get('status'), ENQUIRY_STATUSES),
    form: oneOf(params.get('form'), ENQUIRY_FORMS),
    source: oneOf(params.get('source'), ENQUIRY_SOURCES),
    followUp: oneOf(params.get('followUp'), FOLLOW_UP_FILTERS),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Defaults are left out, so a plain /app/registrations stays plain. */
export function toEnquiryListParams(state: EnquiryListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim() !== '') params.set('search', state.search.trim());
  if (state.status !== '') params.set('status', state.status);
  if (state.form !== '') params.set('form', state.form);
  if (state.source !== '') params.set('source', state.source);
  if (state.followUp !== '') params.set('followUp', state.followUp);
  if (state.page !== 1) params.set('page', String(state.page));
  return params;
}

export function toEnquiryListQuery(state: EnquiryListState): AdmissionEnquiryListQuery {
  return {
    search: state.search.trim(),
    status: state.status,
    form: state.form,
    source: state.source,
    followUp: state.followUp,
    page: String(state.page),
    limit: String(ENQUIRY_PAGE_SIZE),
  };
}
