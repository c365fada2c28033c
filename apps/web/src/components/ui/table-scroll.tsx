import { Box, type BoxProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table wider than the screen, scrolled sideways (and down, with `maxHeight`) by the browser's own
 * scrolling, as a phone scrolls anything. Not Mantine's Table.ScrollContainer: it brings ScrollArea
 * (5.5 kB brotli, a file of its own), which a parent's first screens waited for on slow mobile data
 * before they could be used (issue 74), for scrollbars of its own drawing.
 */
export function TableScroll({ minWidth, maxHeight, visibleFrom, children }: { minWidth: number; maxHeight?: number; visibleFrom?: BoxProps['visibleFrom']; children: ReactNode }) {
  return (
    <Box visibleFrom={visibleFrom} style={{ overflow: 'auto', maxHeight }}>
      <div style={{ minWidth }}>{children}</div>
    </Box>
  );
}

/** Mantine's Table.ScrollContainer in this build (build/table-scroll-container.ts): the same native scrolling. */
export const TableScrollContainer = TableScroll;
