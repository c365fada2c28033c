import { nextPageOf, type Pagination } from '@academy/shared/schemas/common';

/** A page of a list the server pages: its items under any key, and the page it is. */
type Page = { pagination: Pagination };

/** For useInfiniteQuery: the next page to ask for, or undefined when every item is loaded. */
export function nextPageParam(lastPage: Page): number | undefined {
  return nextPageOf(lastPage.pagination);
}

/**
 * Every item of the loaded pages of a "Load more" list, each once and in order: something added
 * while a person reads shifts the later pages by one, so an item can come twice.
 */
export function itemsOfPages<T extends { _id: string }>(pages: readonly (readonly T[])[]): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of pages) {
    for (const item of page) {
      if (seen.has(item._id)) continue;
      seen.add(item._id);
      items.push(item);
    }
  }
  return items;
}
