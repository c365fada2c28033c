import { useState } from 'react';
import type { ChangeEvent } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { useLocation, useNavigation } from 'react-router';

/** How long typing must pause before a list's search is applied. */
export const SEARCH_DELAY_MS = 350;

/**
 * A list's search box (spread its result on the TextInput): what is typed shows at once, and `apply`
 * (which writes the search into the address, and so fetches the list) runs when typing pauses or the
 * box is left. Leaving it applies at once: tapping a row blurs the box first, so the search is applied
 * before the tap's navigation and can no longer land after it. A search applied while another screen
 * was loading navigated back to the list and cancelled the tap (a slow phone, or a busy machine in CI,
 * showed it); one still pending then is dropped.
 */
export function useSearchAsYouType(initial: string, apply: (search: string) => void) {
  const [value, setValue] = useState(initial);
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const leaving = navigation.state !== 'idle' && navigation.location?.pathname !== pathname;
  // The debounced call runs the newest render's function (Mantine keeps it current).
  const applyLater = useDebouncedCallback((search: string) => {
    if (!leaving) apply(search);
  }, SEARCH_DELAY_MS);
  return {
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValue(event.currentTarget.value);
      applyLater(event.currentTarget.value);
    },
    onBlur: () => applyLater.flush(),
  };
}
