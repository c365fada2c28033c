import { createTheme } from '@mantine/core';
import type { CSSVariablesResolver } from '@mantine/core';

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

/**
 * Text colours that meet WCAG AA (4.5:1) on every background the app uses. Mantine's dimmed grey
 * (gray-6, #868e96) is 3.3:1 on white and 3.2:1 on gray-0 (the footer, the signed-in background);
 * gray-7 (#495057) is 7.9:1 and 7.5:1. The light variant's text (active navigation links, light
 * buttons and badges) is indigo-7 on indigo-1 by default, 3.9:1; indigo-9 (#364fc7) is 5.3:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-primary-color-light-color': 'var(--mantine-color-indigo-9)',
    '--mantine-color-indigo-light-color': 'var(--mantine-color-indigo-9)',
  },
  dark: {},
});
