import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcademySettings, AcademySettingsInput, ParentAlertSettingsInput, PublicAcademySettings } from '@academy/shared/schemas/settings';
import type { OwnDomain, OwnDomainInput, OwnDomains } from '@academy/shared/schemas/own-domains';
import { apiRequest, apiRequestWithMessage } from '../../lib/api-client';
import { academyInLanguage } from '@academy/shared/academy-words';
import { useLanguage } from '../../lib/language';
import { publicSettingsQueryOptions } from '../../lib/public-settings';
import { getQueryOptions } from '../../lib/get-query-options';

export const settingsKeys = {
  all: ['settings'] as const,
  public: publicSettingsQueryOptions.queryKey,
  admin: ['settings', 'admin'] as const,
};

export { publicSettingsQueryOptions };

/**
 * The academy's public details with its tagline, address and office hours in the language shown when
 * the office wrote them in it, else English (issue 42): every public page, the footer and the shell read these.
 */
export function usePublicSettings() {
  const language = useLanguage();
  return useQuery({ ...publicSettingsQueryOptions, select: (settings: PublicAcademySettings) => academyInLanguage(settings, language) });
}

export const adminSettingsQueryOptions = getQueryOptions<AcademySettings>(settingsKeys.admin, '/admin/settings', { staleTime: 0 });

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions);
}

/** Saves the settings; the admin's copy takes the saved values and the public pages refetch theirs. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AcademySettingsInput) => apiRequestWithMessage<AcademySettings>('PUT', '/admin/settings', input),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(settingsKeys.admin, data);
      return queryClient.invalidateQueries({ queryKey: settingsKeys.public });
    },
  });
}

/** Saves the absence alerts and the parents' webhook (issue 21); the admin's copy takes the answer. */
export function useSaveParentAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ParentAlertSettingsInput) => apiRequestWithMessage<AcademySettings>('PUT', '/admin/settings/parent-alerts', input),
    onSuccess: ({ data }) => queryClient.setQueryData(settingsKeys.admin, data),
  });
}

const ownDomainsKey = ['settings', 'own-domains'] as const;

/** Settings → Your own domain (issue 55): the academy's domains and where they should point. */
export function useOwnDomains() {
  return useQuery({ queryKey: ownDomainsKey, queryFn: ({ signal }) => apiRequest<OwnDomains>('GET', '/admin/domains', undefined, { signal }), staleTime: 0 });
}

/** Adding, proving or removing a domain changes the list: it refetches. */
function useOwnDomainChange<Input, Result>(send: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: ownDomainsKey }) });
}

export function useAddOwnDomain() {
  return useOwnDomainChange((input: OwnDomainInput) => apiRequestWithMessage<OwnDomain>('POST', '/admin/domains', input));
}

export function useVerifyOwnDomain() {
  return useOwnDomainChange((domainId: string) => apiRequestWithMessage<OwnDomain>('POST', `/admin/domains/${encodeURIComponent(domainId)}/verify`));
}

export function useRemoveOwnDomain() {
  return useOwnDomainChange((domainId: string) => apiRequestWithMessage<null>('DELETE', `/admin/domains/${encodeURIComponent(domainId)}`));
}
