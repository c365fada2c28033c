import { useEffect, useRef } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import type { AdmissionFormValues } from '../admission-form';

/** Moves the page so `element` shows below the sticky header (64 px) with a little room. */
function scrollToTop(element: Element) {
  window.scrollTo({ top: Math.max(0, element.getBoundingClientRect().top + window.scrollY - 80) });
}

/**
 * Where focus goes in the admission form: each step starts at its top with focus on its heading, a
 * refused field (`setFocusField`) is scrolled into view and focused once its step is drawn, and the
 * success message takes focus. `panel`, `stepHeading` and `doneAlert` go on those elements.
 */
export function useAdmissionFocus(form: UseFormReturnType<AdmissionFormValues>, step: number, done: unknown) {
  const panel = useRef<HTMLDivElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const doneAlert = useRef<HTMLDivElement>(null);
  // The field to scroll to and focus once its step is drawn (after a refused Next or Submit).
  // A ref, not state: the refusal re-renders anyway (errors, step), and the effect acts on it then.
  const focusField = useRef<string | null>(null);
  const setFocusField = (field: string) => {
    focusField.current = field;
  };
  const firstRender = useRef(true);

  // Each step starts at its top with focus on its heading (not on the first load of the page).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (focusField.current) return;
    if (panel.current) scrollToTop(panel.current);
    stepHeading.current?.focus({ preventScroll: true });
  }, [step]);

  // A refused field: scrolled into view and focused, so "nothing happens" never happens.
  useEffect(() => {
    if (!focusField.current) return;
    const node = form.getInputNode(focusField.current);
    if (!node) return;
    const target = node.matches('input, textarea, select, button') ? node : node.querySelector<HTMLElement>('input, textarea, select, button');
    node.scrollIntoView({ block: 'center' });
    target?.focus({ preventScroll: true });
    focusField.current = null;
  });

  // The success message starts the page and takes focus.
  useEffect(() => {
    if (!done || !doneAlert.current) return;
    scrollToTop(doneAlert.current);
    doneAlert.current.focus({ preventScroll: true });
  }, [done]);

  return { panel, stepHeading, doneAlert, setFocusField };
}
