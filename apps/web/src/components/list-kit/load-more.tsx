import { Button, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

/** What LoadMore reads of a useInfiniteQuery whose `select` gives the number of all items as `total`. */
type PagedList = {
  data?: { total: number };
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The last "Load More" failed: the items already shown stay, the button asks again. */
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * The end of a list the server pages ("Showing 20 of 45" and the "Load More" button the notifications use too): on a phone over
 * slow data a year of notes is never downloaded at once, and the next page comes only when asked.
 */
export function LoadMore({ list, shown }: { list: PagedList; shown: number }) {
  if (!list.hasNextPage) return null;
  const total = list.data?.total ?? shown;
  return (
    <Stack gap={6} align="center" py="xs">
      <Text size="sm" c="dimmed" aria-live="polite">
        <Trans>
          Showing {shown} of {total}
        </Trans>
      </Text>
      {list.isFetchNextPageError ? (
        <Text size="sm" c="red" role="alert">
          <Trans>More could not be loaded. Check your connection and try again.</Trans>
        </Text>
      ) : null}
      <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
        <Trans>Load More</Trans>
      </Button>
    </Stack>
  );
}
