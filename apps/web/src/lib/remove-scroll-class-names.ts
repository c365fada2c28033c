/**
 * What Mantine's AppShell header, footer and aside take from react-remove-scroll: the class that keeps
 * a fixed bar clear of the scroll bar a drawer's scroll lock removes (react-remove-scroll-bar's
 * `zeroRightClassName`), without the scroll lock itself (build/app-shell-imports.ts, decision 104).
 */
export const RemoveScroll = {
  classNames: {
    zeroRight: 'right-scroll-bar-position',
    fullWidth: 'width-before-scroll-bar',
  },
} as const;
