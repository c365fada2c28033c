import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackupJob, BackupList, BackupSettings, BackupSummary, OffsiteSettingsInput, RemoteBackup } from '@academy/shared/schemas/backups';
import { BACKUP_MESSAGES, RESTORE_CONFIRMATION_WORD } from '@academy/shared/schemas/backups';
import { API_BASE, ApiError, apiRequest, apiRequestWithMessage, normalizeError, type ApiResult } from '../../lib/api-client';
import { translateServerText } from '../../lib/server-text';
import { getQueryOptions } from '../../lib/get-query-options';

export const backupKeys = {
  all: ['backups'] as const,
  list: ['backups', 'list'] as const,
  job: (id: string) => ['backups', 'job', id] as const,
  settings: ['backups', 'settings'] as const,
  remote: ['backups', 'remote'] as const,
};

export const backupListQueryOptions = getQueryOptions<BackupList>(backupKeys.list, '/admin/backups', { staleTime: 0 });

export function useBackupList() {
  return useQuery(backupListQueryOptions);
}

/** A running job is asked about every 0.7 s until it has finished. */
export function useBackupJob(id: string | null) {
  return useQuery(
    getQueryOptions<BackupJob>(backupKeys.job(id ?? 'none'), `/admin/backups/jobs/${encodeURIComponent(id!)}`, {
      enabled: id !== null,
      retry: false,
      refetchInterval: (query) => (query.state.data?.status === 'running' || (!query.state.data && !query.state.error) ? 700 : false),
    }),
  );
}

export function useCreateBackup() {
  return useMutation({
    mutationFn: () => apiRequestWithMessage<BackupJob>('POST', '/admin/backups'),
  });
}

export function useRestoreBackup() {
  return useMutation({
    mutationFn: (name: string) => apiRequestWithMessage<BackupJob>('POST', `/admin/backups/${encodeURIComponent(name)}/restore`, { confirm: RESTORE_CONFIRMATION_WORD }),
  });
}

export function useDeleteBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequestWithMessage<unknown>('DELETE', `/admin/backups/${encodeURIComponent(name)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupKeys.list }),
  });
}

/** Sends an archive as multipart (api-client speaks JSON only); failures become ApiError like every other call. */
async function uploadBackupFile(file: File): Promise<ApiResult<BackupSummary>> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  let payload: unknown;
  try {
    response = await fetch(`${API_BASE}/admin/backups/upload`, { method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json' }, body: form });
    payload = await response.json().catch(() => null);
  } catch (error) {
    throw normalizeError(error);
  }
  const body = payload as { success?: boolean; data?: BackupSummary; message?: string } | null;
  if (!response.ok || body?.success !== true || !body.data) {
    // A proxy's 413 comes without the API's words: ours, in the language shown.
    const tooLarge = response.status === 413 && !body?.message;
    throw normalizeError(tooLarge ? new ApiError(translateServerText(BACKUP_MESSAGES.uploadTooLarge), 413, body) : { status: response.status, data: body });
  }
  return { data: body.data, message: body.message };
}

export function useUploadBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadBackupFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupKeys.list }),
  });
}

/** The download link of a backup (a plain link: the browser streams the file to disk). */
export function backupDownloadUrl(name: string): string {
  return `${API_BASE}/admin/backups/${encodeURIComponent(name)}/download`;
}

/** The whole academy as one Excel workbook (issue 39): a plain link, the session cookie goes with it. */
export function academyWorkbookUrl(): string {
  return `${API_BASE}/exports/academy.xlsx`;
}

/** Settings → Backups, off the machine (issue 52): the bucket, its keys only as "set". */
export function useBackupSettings() {
  return useQuery(getQueryOptions<BackupSettings>(backupKeys.settings, '/admin/settings/backups', { staleTime: 0 }));
}

export function useSaveBackupSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offsite: OffsiteSettingsInput | null) => apiRequestWithMessage<BackupSettings>('PUT', '/admin/settings/backups', { offsite }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(backupKeys.settings, data);
      void queryClient.invalidateQueries({ queryKey: backupKeys.remote });
    },
  });
}

/** Puts and deletes a small object with the form's values (the stored keys for those left empty). */
export function useTestBucket() {
  return useMutation({
    mutationFn: (input: OffsiteSettingsInput) => apiRequestWithMessage<unknown>('POST', '/admin/settings/backups/test', input),
  });
}

/** The recovery sheet's address: a plain link (the browser saves the file); the server gives it once. */
export function recoverySheetUrl(): string {
  return `${API_BASE}/admin/settings/backups/recovery-sheet`;
}

/** The backups in the bucket (asked for on demand: it is a call to the storage provider). */
export function useRemoteBackups(enabled: boolean) {
  return useQuery({
    queryKey: backupKeys.remote,
    queryFn: ({ signal }) => apiRequest<{ objects: RemoteBackup[] }>('GET', '/admin/backups/remote', undefined, { signal }),
    enabled,
    retry: false,
    staleTime: 0,
  });
}

export function useRestoreRemoteBackup() {
  return useMutation({
    mutationFn: (key: string) => apiRequestWithMessage<BackupJob>('POST', '/admin/backups/remote/restore', { key, confirm: RESTORE_CONFIRMATION_WORD }),
  });
}
