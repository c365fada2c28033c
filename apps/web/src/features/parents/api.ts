import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StudentAttendance } from '@academy/shared/schemas/attendance';
import type { WeeklySchedule } from '@academy/shared/schemas/batches';
import type { AbsenceAlertList, Parent, ParentChild, ParentLinkInput, ParentList, ParentListQuery } from '@academy/shared/schemas/parents';
import type { ParentChannelInput } from '@academy/shared/schemas/messaging';
import { apiRequestWithMessage } from '../../lib/api-client';
import { messageKeys, parentKeys as sharedParentKeys, studentKeys } from '../../lib/query-keys';
import { toQueryString } from '../../lib/query-string';
import { msg } from '@lingui/core/macro';
import { getQueryOptions } from '../../lib/get-query-options';

export const parentKeys = {
  ...sharedParentKeys,
  list: (query: ParentListQuery) => ['parents', 'list', query] as const,
  absenceAlerts: ['parents', 'absence-alerts'] as const,
  absenceAlertDay: (date?: string, kind?: 'all') => ['parents', 'absence-alerts', date ?? 'today', kind ?? 'absence'] as const,
  children: ['parent', 'children'] as const,
  childAttendance: (studentId: string, startDate?: string) => ['parent', 'children', studentId, 'attendance', startDate ?? 'all'] as const,
  childSchedule: (studentId: string) => ['parent', 'children', studentId, 'schedule'] as const,
};

/** Texts for when the server gives no message of its own. */
/** Shown when a request fails without the server's words (offline, a proxy's error): worded in the reader's language when shown. */
export const PARENT_FAILURES = {
  fetch: msg`Failed to fetch parents`,
  link: msg`Failed to link parent`,
  unlink: msg`Failed to unlink parent`,
  channel: msg`Failed to save the message channel`,
  children: msg`Failed to fetch your children`,
  attendance: msg`Failed to fetch attendance`,
};

const id = (value: string) => encodeURIComponent(value);

/** A child's pages in the API (the server also reads them for the parent's first screen, entry-server.tsx). */
export const childPaths = {
  attendance: (studentId: string) => `/parent/children/${id(studentId)}/attendance`,
  schedule: (studentId: string) => `/parent/children/${id(studentId)}/schedule`,
};

export function useParents(query: ParentListQuery) {
  return useQuery(getQueryOptions<ParentList>(parentKeys.list(query), `/parents${toQueryString(query)}`, { placeholderData: keepPreviousData }));
}

/** The office's view: a student's linked parents. */
export function useStudentParents(studentId: string) {
  return useQuery(getQueryOptions<Parent[]>(parentKeys.ofStudent(studentId), `/students/${id(studentId)}/parents`));
}

/** A parent changed: the parents' lists, and the students whose record shows them as first parent. */
function refreshParentsAndStudents(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: parentKeys.all }), queryClient.invalidateQueries({ queryKey: studentKeys.all })]);
}

export function useLinkParent(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ParentLinkInput) => apiRequestWithMessage<Parent>('POST', `/students/${id(studentId)}/parents`, input),
    onSuccess: () => refreshParentsAndStudents(queryClient),
  });
}

export function useUnlinkParent(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (parentId: string) => apiRequestWithMessage<unknown>('DELETE', `/students/${id(studentId)}/parents/${id(parentId)}`),
    onSuccess: () => refreshParentsAndStudents(queryClient),
  });
}

/** How the office reaches a parent (issue 37): their channel, and WhatsApp stopped or not. */
export function useSetParentChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ parentId, input }: { parentId: string; input: ParentChannelInput }) => apiRequestWithMessage<Parent>('PUT', `/parents/${id(parentId)}/channel`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parentKeys.all }),
  });
}

/** The signed-in parent's children. */
export const parentChildrenQueryOptions = getQueryOptions<ParentChild[]>(parentKeys.children, '/parent/children');

export function useParentChildren() {
  return useQuery(parentChildrenQueryOptions);
}

/** A child's marks in all their batches, from `startDate` (all when omitted): the student's own shape. */
export function useChildAttendance(studentId: string, startDate?: string) {
  return useQuery(
    getQueryOptions<StudentAttendance>(parentKeys.childAttendance(studentId, startDate), `${childPaths.attendance(studentId)}${toQueryString({ startDate })}`, {
      enabled: studentId !== '',
      placeholderData: keepPreviousData,
    }),
  );
}

/** A child's week (the student's own schedule, closures included). */
export function useChildSchedule(studentId: string) {
  return useQuery(
    getQueryOptions<WeeklySchedule>(parentKeys.childSchedule(studentId), childPaths.schedule(studentId), {
      enabled: studentId !== '',
      staleTime: 30_000,
    }),
  );
}

/** The office's list of a day's absence alerts (today when no date). */
export function useAbsenceAlerts(date?: string, kind?: 'all') {
  return useQuery(
    getQueryOptions<AbsenceAlertList>(parentKeys.absenceAlertDay(date, kind), `/admin/absence-alerts${toQueryString({ date, kind })}`, {
      refetchInterval: 60_000,
    }),
  );
}

export function useRetryAbsenceAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequestWithMessage<unknown>('POST', `/admin/absence-alerts/${encodeURIComponent(id)}/retry`),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: parentKeys.absenceAlerts }), queryClient.invalidateQueries({ queryKey: messageKeys.all })]),
  });
}
