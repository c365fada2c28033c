import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LectureSettings, LectureSettingsInput } from '@academy/shared/schemas/lecture-settings';
import { apiRequestWithMessage } from '../../lib/api-client';
import { getQueryOptions } from '../../lib/get-query-options';

/** Settings → Lectures (issue 75, decision 088). */
const settingsKey = ['lectures', 'settings'] as const;

export function useLectureSettings() {
  return useQuery(getQueryOptions<LectureSettings>(settingsKey, '/admin/settings/lectures'));
}

export function useSaveLectureSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: LectureSettingsInput) => apiRequestWithMessage<LectureSettings>('PUT', '/admin/settings/lectures', settings),
    onSuccess: ({ data }) => queryClient.setQueryData(settingsKey, data),
  });
}
