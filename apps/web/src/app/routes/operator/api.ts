import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppSettings, AppSettingsInput } from '@academy/shared/schemas/brand';
import type { Operator, OperatorAcademy, OperatorAcademyList, OperatorAction, OperatorLoginInput } from '@academy/shared/schemas/operator';
import { ApiError, apiRequest, apiRequestWithMessage } from '../../../lib/api-client';

/** The platform operator's calls (issue 55), at the base domain only: its own session, never an academy's. */
export const operatorKeys = {
  all: ['operator'] as const,
  me: ['operator', 'me'] as const,
  academies: ['operator', 'academies'] as const,
};

/** The signed-in operator, or null (401: not signed in). */
export const operatorQueryOptions = queryOptions({
  queryKey: operatorKeys.me,
  queryFn: async (): Promise<Operator | null> => {
    try {
      return await apiRequest<Operator>('GET', '/operator/me');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: Infinity,
  retry: false,
});

export function useOperator() {
  return useQuery(operatorQueryOptions);
}

export function useOperatorLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OperatorLoginInput) => apiRequest<Operator>('POST', '/operator/login', input),
    onSuccess: (operator) => queryClient.setQueryData(operatorKeys.me, operator),
  });
}

export function useOperatorLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<undefined>('POST', '/operator/logout').catch(() => undefined),
    onSettled: () => {
      queryClient.removeQueries({ queryKey: operatorKeys.academies });
      queryClient.setQueryData(operatorKeys.me, null);
    },
  });
}

export function useOperatorAcademies(enabled: boolean) {
  return useQuery({
    queryKey: operatorKeys.academies,
    queryFn: async () => (await apiRequest<OperatorAcademyList>('GET', '/operator/academies')).academies,
    enabled,
  });
}

/** Suspend, resume or close one academy; the list is updated with its new status and figures. */
export function useAcademyAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, action }: { slug: string; action: OperatorAction }) =>
      apiRequestWithMessage<{ academy: OperatorAcademy }>('POST', `/operator/academies/${encodeURIComponent(slug)}/${action}`),
    onSuccess: ({ data }) => {
      queryClient.setQueryData<OperatorAcademy[]>(operatorKeys.academies, (list) => list?.map((one) => (one.slug === data.academy.slug ? data.academy : one)));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) queryClient.setQueryData(operatorKeys.me, null);
    },
  });
}

/** One academy's own Play Store app, read and saved by the operator for it (issue 78). */
export function useOperatorAcademyApp(slug: string) {
  return useQuery({
    queryKey: [...operatorKeys.all, 'app', slug],
    queryFn: ({ signal }) => apiRequest<AppSettings>('GET', `/operator/academies/${slug}/app`, undefined, { signal }),
    staleTime: 0,
  });
}

export function useSaveOperatorAcademyApp(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AppSettingsInput) => apiRequestWithMessage<AppSettings>('PUT', `/operator/academies/${slug}/app`, input),
    onSuccess: ({ data }) => queryClient.setQueryData([...operatorKeys.all, 'app', slug], data),
  });
}

/** The academy's Bubblewrap configuration, downloaded with the operator's cookie. */
export function operatorTwaManifestUrl(slug: string): string {
  return `/api/operator/academies/${slug}/app/twa-manifest.json`;
}
