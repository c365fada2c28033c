import { useLingui } from '@lingui/react/macro';

/** Mantine Pagination's arrow buttons, which show only an icon (axe: button-name). */
type PaginationControl = 'first' | 'previous' | 'next' | 'last';

/**
 * Names for those buttons and "Page 3" in the language shown (issue 20): the one way to label a
 * Pagination (`getControlProps={(control) => ({ 'aria-label': pagination.control(control) })}`).
 */
export function usePaginationLabels() {
  const { t } = useLingui();
  const names: Record<PaginationControl, string> = { first: t`First page`, previous: t`Previous page`, next: t`Next page`, last: t`Last page` };
  return {
    control: (control: PaginationControl) => names[control],
    page: (page: number) => t`Page ${page}`,
  };
}
