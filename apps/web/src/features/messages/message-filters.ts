import { MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_STATUSES } from '@academy/shared/schemas/messaging';
import type { MessageChannel, MessageKind, MessageStatus } from '@academy/shared/schemas/messaging';

/** The Messages screen's filters, as they live in the address (`?date=&kind=&channel=&status=&parentId=&page=`). */
export interface MessageFilters {
  date: string;
  kind: MessageKind | '';
  channel: MessageChannel | '';
  status: MessageStatus | '';
  parentId: string;
  page: number;
}

const oneOf = <Value extends string>(values: readonly Value[], value: string | null): Value | '' => (value && (values as readonly string[]).includes(value) ? (value as Value) : '');

/** Reads the filters from the address; an unknown kind, channel or status is no filter. */
export function messageFiltersOf(params: URLSearchParams): MessageFilters {
  const date = params.get('date') ?? '';
  return {
    date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : '',
    kind: oneOf(MESSAGE_KINDS, params.get('kind')),
    channel: oneOf(MESSAGE_CHANNELS, params.get('channel')),
    status: oneOf(MESSAGE_STATUSES, params.get('status')),
    parentId: params.get('parentId')?.trim() ?? '',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

/** The address's search for these filters: empty ones and the first page left out. */
export function messageSearchOf(filters: MessageFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of ['date', 'kind', 'channel', 'status', 'parentId'] as const) if (filters[key]) search.set(key, filters[key]);
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

/** The API's query: one parent's messages are every day's, so no date is sent with a parent. */
export function messageQueryOf(filters: MessageFilters, limit: number) {
  return {
    date: filters.parentId ? undefined : filters.date || undefined,
    kind: filters.kind || undefined,
    channel: filters.channel || undefined,
    status: filters.status || undefined,
    parentId: filters.parentId || undefined,
    page: String(filters.page),
    limit: String(limit),
  };
}
