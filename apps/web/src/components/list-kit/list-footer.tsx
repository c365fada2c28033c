import { Group, Pagination, Text } from '@mantine/core';
import { usePaginationLabels } from '../ui/pagination-labels';

interface ListFooterProps {
  /** "12 students": the number of all matching records, in the screen's words. */
  countText: string;
  /** Paging, when the server pages the list (the page lives in the address, `?page=`). */
  paging?: { total: number; pageSize: number; page: number; onChange: (page: number) => void };
}

/** Under a list: how many there are and, when there is more than one page, the pages. */
export function ListFooter({ countText, paging }: ListFooterProps) {
  const pagination = usePaginationLabels();
  const pages = paging ? Math.max(1, Math.ceil(paging.total / paging.pageSize)) : 1;
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {countText}
      </Text>
      {paging && pages > 1 ? (
        <Pagination
          total={pages}
          value={Math.min(paging.page, pages)}
          onChange={paging.onChange}
          size="sm"
          siblings={0}
          getItemProps={(page) => ({ 'aria-label': pagination.page(page) })}
          getControlProps={(control) => ({ 'aria-label': pagination.control(control) })}
        />
      ) : null}
    </Group>
  );
}
