import { createTheme } from '@mantine/core';

/** Fixed sizes of the signed-in shell (spec section 9): the large breakpoint is 992 px. */
export const SHELL = {
  largeBreakpoint: '62em',
  headerHeight: 64,
  sidebarWidth: 280,
  sidebarCollapsedWidth: 60,
} as const;

/** Breakpoints are mirrored in postcss.config.cjs. */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  breakpoints: {
    xs: '36em',
    sm: '48em',
    md: '56em',
    lg: SHELL.largeBreakpoint,
    xl: '75em',
  },
});
