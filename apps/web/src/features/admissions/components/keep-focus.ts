import type { MouseEvent } from 'react';

/**
 * For the form's step buttons (Next, Back, Submit, Send code, Verify): a press does not take focus
 * from the field first. Otherwise the field's check on leaving it shows its error, the button moves
 * down by that line, and the tap misses it. The button's own handler checks the step and moves focus
 * where it belongs.
 */
export function keepFocus(event: MouseEvent) {
  event.preventDefault();
}
