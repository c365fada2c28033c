import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
