import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppSettings, AppSettingsInput, PublicBrand } from '@academy/shared/schemas/brand';
import { apiRequest, apiRequestWithMessage } from '../../lib/api-client';
import { publicSettingsQueryOptions } from '../../lib/public-settings';
import { sendForm } from '../../lib/send-form';

export const brandKeys = { app: ['settings', 'app'] as const };

/** What the brand form sends: colour and short name always, a new logo or the wish to drop it. */
export type BrandFormInput = { colour: string; shortName: string; logo?: File | null; removeLogo?: boolean };

/** Saves the brand (multipart: the logo is a file); every screen's public settings refetch, so the new logo and colour show at once. */
export function useSaveBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BrandFormInput) => {
      const form = new FormData();
      form.append('colour', input.colour);
      form.append('shortName', input.shortName);
      if (input.removeLogo) form.append('removeLogo', 'true');
      if (input.logo) form.append('logo', input.logo, input.logo.name);
      return sendForm<PublicBrand>('PUT', '/admin/settings/brand', form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicSettingsQueryOptions.queryKey }),
  });
}

export function useAppSettings() {
  return useQuery({ queryKey: brandKeys.app, queryFn: ({ signal }) => apiRequest<AppSettings>('GET', '/admin/settings/app', undefined, { signal }), staleTime: 0 });
}

export function useSaveAppSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AppSettingsInput) => apiRequestWithMessage<AppSettings>('PUT', '/admin/settings/app', input),
    onSuccess: ({ data }) => queryClient.setQueryData(brandKeys.app, data),
  });
}

/** The Bubblewrap project configuration, downloaded as a file by the browser (a same-origin link with the session cookie). */
export const TWA_MANIFEST_URL = '/api/admin/settings/app/twa-manifest.json';
