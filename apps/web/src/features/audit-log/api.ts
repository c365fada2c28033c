import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditLogList, AuditPerson } from '@academy/shared/schemas/audit-log';
import { API_BASE, apiRequest } from '../../lib/api-client';
import { toQueryString } from '../../lib/query-string';
import { auditKeys } from '../../lib/query-keys';
import { msg } from '@lingui/core/macro';
import { getQueryOptions } from '../../lib/get-query-options';

/** The Activity screen's filters, as the address and the API take them ('' = not set). */
export type AuditFilters = { actor: string; entityType: string; entityId: string; from: string; to: string };
export type AuditListQuery = AuditFilters & { page: number; limit: number };

export { auditKeys };

/** Shown when a request fails without the server's words (offline, a proxy's error): worded in the reader's language when shown. */
export const AUDIT_FAILURES = { fetch: msg`Failed to load the activity` };

export function auditLogQueryOptions(query: AuditListQuery) {
  return queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => apiRequest<AuditLogList>('GET', `/admin/audit-log${toQueryString(query)}`, undefined, { signal }),
    placeholderData: keepPreviousData,
    // Every write adds an entry: a History panel opened again after an edit must show it.
    staleTime: 0,
  });
}

export function useAuditLog(query: AuditListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...auditLogQueryOptions(query), enabled: options.enabled ?? true });
}

export function useAuditPeople() {
  return useQuery(getQueryOptions<AuditPerson[]>(auditKeys.people, '/admin/audit-log/people', { staleTime: 5 * 60 * 1000 }));
}

export function auditLogCsvHref(filters: AuditFilters): string {
  return `${API_BASE}/admin/audit-log.csv${toQueryString(filters)}`;
}
