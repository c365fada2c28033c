/*
 * Whether a pointer is pressed now: a field left by pressing something else (a row's Delete, a link) is
 * left at the press, before its release.
 */
let pressing = false;
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (pressing = true), true);
  document.addEventListener('pointerup', () => (pressing = false), true);
  document.addEventListener('pointercancel', () => (pressing = false), true);
}

/**
 * Runs `run` once the tap under way has ended: at its click, in the capture phase (before the tapped
 * element's own handler, so what `run` starts comes before what the tap starts), or just after the release
 * (or at once, after the current event) when no click follows. A change of the page between a press and its
 * release moves what the release lands on, and the browser's click then goes to another element (or none):
 * the tap is lost. React renders a router update in a transition, after the pending input, which hid this;
 * Preact renders at once (decision 103).
 */
export function afterPress(run: () => void): void {
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    document.removeEventListener('click', finish, true);
    document.removeEventListener('pointerup', later, true);
    document.removeEventListener('pointercancel', later, true);
    run();
  };
  const later = () => window.setTimeout(finish, 0);
  document.addEventListener('click', finish, true);
  if (pressing) {
    document.addEventListener('pointerup', later, true);
    document.addEventListener('pointercancel', later, true);
  } else {
    later();
  }
}

/**
 * Runs `run` now, or, while a pointer is pressed, once that tap has ended (afterPress): a list's search
 * whose pause ends while a row is being pressed waits for the release too.
 */
export function unlessPressed(run: () => void): void {
  if (pressing) afterPress(run);
  else run();
}
