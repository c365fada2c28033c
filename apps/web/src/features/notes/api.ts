import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { StandardRef, SubjectRef } from '@academy/shared/schemas/common';
import { NOTE_MESSAGES, type Note, type NoteInput, type NoteList, type NoteListQuery, type PublicNote, type PublicNoteListQuery } from '@academy/shared/schemas/notes';
import { API_BASE, apiRequest, apiRequestWithMessage, normalizeError } from '../../lib/api-client';
import { sendForm, type UploadProgress } from '../../lib/send-form';
import { itemsOfPages, nextPageParam } from '../../lib/paged-list';
import { toQueryString } from '../../lib/query-string';
import { getQueryOptions } from '../../lib/get-query-options';
import { useRefreshQueries } from '../../lib/resource-hooks';

export type PublicNotes = { notes: PublicNote[]; subjects: SubjectRef[]; standards: StandardRef[] };

export const noteKeys = {
  all: ['notes'] as const,
  list: (filters: NoteListQuery) => ['notes', 'list', filters] as const,
  public: (filters: PublicNoteListQuery) => ['notes', 'public', filters] as const,
};

/**
 * The notes the signed-in user gets (a teacher theirs and their batches', a student theirs), newest
 * first, 20 at a time: "Load more" asks the server for the next page.
 */
export function useNotes(filters: Omit<NoteListQuery, 'page' | 'limit'> = {}) {
  return useInfiniteQuery({
    queryKey: noteKeys.list(filters),
    queryFn: ({ pageParam, signal }) => apiRequest<NoteList>('GET', `/notes${toQueryString({ ...filters, page: pageParam })}`, undefined, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // What the screens read: the loaded notes, each once, and how many there are in all.
    select: (data) => ({ notes: itemsOfPages(data.pages.map((page) => page.notes)), total: data.pages[0]?.pagination.total ?? 0 }),
  });
}

/** The public notes of /resources, with the subjects and standards they cover. */
export function publicNotesQueryOptions(filters: PublicNoteListQuery = {}) {
  return getQueryOptions<PublicNotes>(noteKeys.public(filters), `/public/notes${toQueryString({ ...filters })}`, { placeholderData: keepPreviousData });
}

export function usePublicNotes(filters: PublicNoteListQuery = {}) {
  return useQuery(publicNotesQueryOptions(filters));
}

/** Where a note's PDF is: shown in the browser, or (download) saved. */
export function noteFileUrl(note: Pick<Note, '_id'>, download = false): string {
  return `${API_BASE}/notes/file/${encodeURIComponent(note._id)}${download ? '?download=1' : ''}`;
}

/** The form fields of a note as the multipart body sends them ('' for none). */
export function noteFormData(input: NoteInput, file?: File | null): FormData {
  const form = new FormData();
  form.set('title', input.title ?? '');
  form.set('description', input.description ?? '');
  form.set('subject', input.subject ?? '');
  form.set('standard', input.standard ?? '');
  form.set('batch', input.batch ?? '');
  form.set('student', input.student ?? '');
  form.set('isPublic', input.isPublic === true || input.isPublic === 'true' ? 'true' : 'false');
  // Last, so the server has every field by the time the file streams in.
  if (file) form.set('file', file, file.name);
  return form;
}

function useInvalidateNotes() {
  return useRefreshQueries([noteKeys.all]);
}

export function useUploadNote() {
  const invalidate = useInvalidateNotes();
  return useMutation({
    mutationFn: ({ input, file, onProgress }: { input: NoteInput; file: File; onProgress?: UploadProgress }) =>
      sendForm<Note>('POST', '/notes/upload', noteFormData(input, file), onProgress).catch((error: unknown) => {
        throw normalizeError(error, NOTE_MESSAGES.uploadFailed);
      }),
    onSuccess: () => invalidate(),
  });
}

/** Saves new details; with a new file as a multipart form (with progress), else as JSON. */
export function useUpdateNote() {
  const invalidate = useInvalidateNotes();
  return useMutation({
    mutationFn: ({ id, input, file, onProgress }: { id: string; input: NoteInput; file?: File | null; onProgress?: UploadProgress }) =>
      (file
        ? sendForm<Note>('PUT', `/notes/${encodeURIComponent(id)}`, noteFormData(input, file), onProgress)
        : apiRequestWithMessage<Note>('PUT', `/notes/${encodeURIComponent(id)}`, input)
      ).catch((error: unknown) => {
        throw normalizeError(error, NOTE_MESSAGES.updateFailed);
      }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteNote() {
  const invalidate = useInvalidateNotes();
  return useMutation({
    mutationFn: (id: string) => apiRequestWithMessage<unknown>('DELETE', `/notes/${encodeURIComponent(id)}`),
    onSuccess: () => invalidate(),
  });
}
