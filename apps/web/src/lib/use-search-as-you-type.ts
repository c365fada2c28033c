import { useState } from 'react';
import type { ChangeEvent } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { useLocation, useNavigation } from 'react-router';
import { afterPress, unlessPressed } from './after-press';

/** How long typing must pause before a list's search is applied. */
export const SEARCH_DELAY_MS = 350;

/**
 * A list's search box (spread its result on the TextInput): what is typed shows at once, and `apply`
 * (which writes the search into the address, and so fetches the list) runs when typing pauses or the
 * box is left. Leaving it applies the search when the tap that left it ends (lib/after-press.ts: at its
 * click, before the tapped element's own handler): so it is applied before the tap's navigation and can no
 * longer land after it, and the list does not change under the pointer between the press and its release
 * (applied at the press, or by the pause ending during it, the filtered list moved the tapped row away and
 * the release, so the click, missed it: a row's Delete opened no dialog). A search applied while another screen was loading navigated back to
 * the list and cancelled the tap (a slow phone, or a busy machine in CI, showed it); one still pending then
 * is dropped.
 */
export function useSearchAsYouType(initial: string, apply: (search: string) => void) {
  const [value, setValue] = useState(initial);
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const leaving = navigation.state !== 'idle' && navigation.location?.pathname !== pathname;
  // The debounced call runs the newest render's function (Mantine keeps it current).
  const applyLater = useDebouncedCallback((search: string) => {
    unlessPressed(() => {
      if (!leaving) apply(search);
    });
  }, SEARCH_DELAY_MS);
  return {
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValue(event.currentTarget.value);
      applyLater(event.currentTarget.value);
    },
    onBlur: () => afterPress(() => applyLater.flush()),
  };
}
