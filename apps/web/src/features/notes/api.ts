import { keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StandardRef, SubjectRef } from '@academy/shared/schemas/common';
import { NOTE_MESSAGES, type Note, type NoteInput, type NoteList, type NoteListQuery, type PublicNote, type PublicNoteListQuery } from '@academy/shared/schemas/notes';
import { API_BASE, ApiError, apiRequest, apiRequestWithMessage, normalizeError, type ApiResult } from '../../lib/api-client';
import { itemsOfPages, nextPageParam } from '../../lib/paged-list';
import { toQueryString } from '../../lib/query-string';

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
  return queryOptions({
    queryKey: noteKeys.public(filters),
    queryFn: ({ signal }) => apiRequest<PublicNotes>('GET', `/public/notes${toQueryString({ ...filters })}`, undefined, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePublicNotes(filters: PublicNoteListQuery = {}) {
  return useQuery(publicNotesQueryOptions(filters));
}

/** Where a note's PDF is: shown in the browser, or (download) saved. */
export function noteFileUrl(note: Pick<Note, '_id'>, download = false): string {
  return `${API_BASE}/notes/file/${encodeURIComponent(note._id)}${download ? '?download=1' : ''}`;
}

export type UploadProgress = (fraction: number) => void;

/**
 * Sends a multipart form with XMLHttpRequest, whose upload events fetch does not offer, reporting
 * the share sent so far; answers and failures take the same shapes as api-client's
 * (`{ data, message }`, or an ApiError with message, status and data).
 */
export function sendForm<T>(method: 'POST' | 'PUT', path: string, form: FormData, onProgress?: UploadProgress, signal?: AbortSignal): Promise<ApiResult<T>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, `${API_BASE}${path}`);
    request.setRequestHeader('Accept', 'application/json');
    request.responseType = 'text';
    if (onProgress) {
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
    }
    request.onload = () => {
      let body: unknown;
      try {
        body = request.responseText.trim() === '' ? null : (JSON.parse(request.responseText) as unknown);
      } catch {
        body = null;
      }
      const envelope = typeof body === 'object' && body !== null ? (body as { success?: unknown; data?: unknown; message?: unknown }) : undefined;
      if (request.status < 200 || request.status >= 300 || envelope?.success === false || !envelope) {
        reject(normalizeError({ status: request.status, data: body }));
        return;
      }
      resolve({ data: envelope.data as T, message: typeof envelope.message === 'string' ? envelope.message : undefined });
    };
    request.onerror = () => reject(new ApiError('The upload failed. Check your connection and try again.', 0, null));
    request.onabort = () => reject(new ApiError('The upload was cancelled', 0, null));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
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
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: noteKeys.all });
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
