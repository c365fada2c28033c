/** Names for Mantine Pagination's arrow buttons, which show only an icon (axe: button-name). */
export const PAGINATION_CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;
