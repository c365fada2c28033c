import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiRequestWithMessage } from './api-client';
import { getQueryOptions } from './get-query-options';

/**
 * Refreshes every query under the keys given: a change's own resource and the other screens that show
 * it (the dashboard's counts, another list's badges).
 */
export function useRefreshQueries(keys: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** A whole collection loaded at once (GET path), for a resource the office keeps few of (standards, subjects). */
export function collectionQuery<TItem>(key: QueryKey, path: string) {
  const queryOptions = getQueryOptions<TItem[]>(key, path);
  function useCollection() {
    return useQuery(queryOptions);
  }
  return { queryOptions, useCollection };
}

type ResourceOptions = {
  /** The collection's API path, e.g. '/standards'; one item is `${path}/${id}`. */
  path: string;
  /** One item's query key (features' key factories, lib/query-keys.ts). */
  detailKey: (id: string) => QueryKey;
  /** What every change refreshes: the resource's own key and those of the other screens that show it. */
  refreshes: readonly QueryKey[];
  /** DELETE keeps the item (it archives): its page may still be shown, so it is not dropped from the cache. */
  deleteKeepsItem?: boolean;
};

/**
 * The hooks of a plain resource the office keeps (standards, subjects, teachers…): one item's query,
 * and create (POST path), update (PUT path/id) and delete (DELETE path/id) that refresh what shows it.
 * A feature's api.ts exports them under its own names (useStandard, useCreateStandard…).
 */
export function resourceHooks<TItem, TSaved, TCreateInput, TUpdateInput = TCreateInput>({ path, detailKey, refreshes, deleteKeepsItem = false }: ResourceOptions) {
  const itemPath = (id: string) => `${path}/${encodeURIComponent(id)}`;

  function itemQueryOptions(id: string) {
    return getQueryOptions<TItem>(detailKey(id), itemPath(id));
  }

  function useItem(id: string) {
    return useQuery(itemQueryOptions(id));
  }

  function useCreate() {
    const refresh = useRefreshQueries(refreshes);
    return useMutation({
      mutationFn: (input: TCreateInput) => apiRequestWithMessage<TSaved>('POST', path, input),
      onSuccess: () => refresh(),
    });
  }

  function useUpdate(id: string) {
    const refresh = useRefreshQueries(refreshes);
    return useMutation({
      mutationFn: (input: TUpdateInput) => apiRequestWithMessage<TSaved>('PUT', itemPath(id), input),
      onSuccess: () => refresh(),
    });
  }

  function useDelete() {
    const queryClient = useQueryClient();
    const refresh = useRefreshQueries(refreshes);
    return useMutation({
      mutationFn: (id: string) => apiRequestWithMessage<unknown>('DELETE', itemPath(id)),
      onSuccess: (_result, id) => {
        if (!deleteKeepsItem) queryClient.removeQueries({ queryKey: detailKey(id) });
        return refresh();
      },
    });
  }

  return { itemQueryOptions, useItem, useCreate, useUpdate, useDelete, useRefresh: () => useRefreshQueries(refreshes) };
}
