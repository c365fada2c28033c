import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportList, StudentImportPreview, StudentImportResult } from '@academy/shared/schemas/imports';
import type { Language } from '@academy/shared/languages';
import { API_BASE, apiRequest, apiRequestWithMessage } from '../../lib/api-client';
import { importKeys } from '../../lib/query-keys';
import { sendFile, type FileUpload } from '../../lib/send-file';

/** The register template in a language: a plain link, the browser downloads it. */
export const templateHref = (language: Language) => `${API_BASE}/imports/students/template.xlsx?lang=${language}`;

/** The dry run: what the import would do, and each row to correct; nothing changes. */
export function useCheckRegister() {
  return useMutation({
    mutationFn: (upload: FileUpload) => sendFile<StudentImportPreview>('POST', '/imports/students?dryRun=true', upload),
  });
}

/** The import itself: all or nothing. Every list of students, parents, batches and fees refetches. */
export function useImportRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: FileUpload) => sendFile<StudentImportResult>('POST', '/imports/students', upload),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useImports() {
  return useQuery({ queryKey: importKeys.all, queryFn: ({ signal }) => apiRequest<ImportList>('GET', '/imports', undefined, { signal }) });
}

export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequestWithMessage<null>('DELETE', `/imports/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
