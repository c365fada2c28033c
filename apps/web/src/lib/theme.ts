import { createTheme, darken, DEFAULT_THEME, luminance } from '@mantine/core';
import type { CSSVariablesResolver } from '@mantine/core';

/** Fixed sizes of the signed-in shell (spec section 9): the large breakpoint is 992 px. */
export const SHELL = {
  largeBreakpoint: '62em',
  headerHeight: 64,
  sidebarWidth: 280,
  sidebarCollapsedWidth: 60,
} as const;

/** Breakpoints are mirrored in postcss.config.cjs. */
// Devanagari text in our own subset font (lib/devanagari-font.css); Latin text never matches its range.
const FONT_STACK = '"Noto Sans Devanagari", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Filled colours get black or white text, whichever meets 4.5:1 (white does on a colour darker than
  // luminance 0.18, black on a lighter one): teal-6 with white text was 3.1:1.
  autoContrast: true,
  luminanceThreshold: 0.18,
  // Devanagari text in our own subset font (lib/devanagari-font.css); Latin text never matches its range.
  fontFamily: FONT_STACK,
  headings: { fontWeight: '700', fontFamily: FONT_STACK },
  breakpoints: {
    xs: '36em',
    sm: '48em',
    md: '56em',
    lg: SHELL.largeBreakpoint,
    xl: '75em',
  },
  components: {
    // Every drop-down list, date picker and menu floats with position: fixed (issue 73, point 1). Mantine
    // places them with position: absolute, and a list kept mounted between openings shows its first frame
    // where it last was (often sticking out past the right edge). On a phone's browser anything absolute
    // that sticks out widens the page itself (the layout viewport, 360 → 508 px); a full-screen modal
    // widens with it, the list's anchor moves, the list is placed again, the page narrows… and the
    // list jumps and vanishes under the finger, so a tap chooses nothing. Something fixed never widens
    // the page, so the list stays where it belongs. A plain object (not Popover.extend): the theme is
    // on every page and must not pull Popover's code into the first one.
    Popover: { defaultProps: { floatingStrategy: 'fixed' } },
  },
});

/** WCAG contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Light variants (badges, light buttons, alerts) in text that meets WCAG AA: Mantine writes shade 9 on
 * shade 1, which is 4.3:1 for teal and 3.6:1 for orange. Each colour's text is shade 9 darkened just
 * enough for 4.6:1 on its light background (shade 1).
 */
function lightVariantTextColours(): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
    let text = shades[9];
    for (let amount = 0.05; contrast(text, shades[1]) < 4.6 && amount <= 0.6; amount += 0.05) text = darken(shades[9], amount);
    variables[`--mantine-color-${name}-light-color`] = text;
  }
  return variables;
}

/**
 * Text colours that meet WCAG AA (4.5:1) on every background the app uses (issue 17). Mantine's dimmed
 * grey (gray-6, #868e96) is 3.3:1 on white and 3.2:1 on gray-0 (the footer, the signed-in background);
 * gray-7 (#495057) is 7.9:1 and 7.5:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    ...lightVariantTextColours(),
  },
  dark: {},
});
