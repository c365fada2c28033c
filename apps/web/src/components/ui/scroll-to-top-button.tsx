import { useEffect, useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';

/** Spec section 9: the button appears after 300 px of scroll. */
export const SCROLL_TO_TOP_AFTER_PX = 300;

/** A round button at the bottom right that takes the reader back to the top of the page. */
export function ScrollToTopButton() {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TO_TOP_AFTER_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!visible) return null;
  return (
    <ActionIcon
      size={44}
      radius="xl"
      variant="filled"
      aria-label={t`Scroll to top`}
      title={t`Scroll to top`}
      pos="fixed"
      bottom={16}
      right={16}
      style={{ zIndex: 150, boxShadow: 'var(--mantine-shadow-md)' }}
      onClick={() => {
        const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
      }}
    >
      <IconArrowUp size={22} aria-hidden="true" />
    </ActionIcon>
  );
}
