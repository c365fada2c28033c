import { use, useLayoutEffect, useRef, useState, useSyncExternalStore, type ComponentType, type ReactNode, type SyntheticEvent } from 'react';
import { useDeferredModule } from '../../lib/use-deferred-module';

/**
 * The markup React keeps as the server drew it: an element whose content is this is not hydrated, and
 * its server-drawn children stay (React compares neither in production). One object for every render,
 * so that React never writes it to the page (a new object each render would empty the element).
 */
const KEEP_SERVER_MARKUP = { __html: '' };

const noSubscription = () => () => undefined;

/** Each loader's one download on the server, where the first screens are drawn with `use` (React's prerender waits). */
const serverLoads = new Map<() => Promise<unknown>, Promise<unknown>>();

function serverLoad<T>(load: () => Promise<T>): Promise<T> {
  let loading = serverLoads.get(load);
  if (!loading) {
    loading = load();
    serverLoads.set(load, loading);
  }
  return loading as Promise<T>;
}

/** What the reader did to the part while its code was still coming: done again on the part once it is there. */
type Use = { focused: boolean; clicked: boolean; typed: string | null };

export interface AfterTakeOverProps<Props extends object> {
  /** The part's code: one function defined at module level (useDeferredModule's key). */
  load: () => Promise<{ Part: ComponentType<Props> }>;
  props: Props;
  /** Shown in the part's place in a screen the browser draws itself (not taken over) until its code is in. */
  fallback?: ReactNode;
}

/**
 * A part of a first screen the server draws (a field with a list or a calendar: Mantine's Select and
 * Popover, @floating-ui, the calendar, 20–50 kB) whose code comes right after the take-over instead of
 * before it (decision 104). The server draws it whole; the browser takes the page over keeping the
 * part's markup as drawn (not hydrated), downloads its code at once and then draws it afresh in the
 * same place, in one commit, so it never leaves the page. A tap, focus or typing in it meanwhile is
 * noted and done again on the new part (start.ts hands what was done before the take-over to the
 * server's elements, which are still there). In a screen the browser draws itself, `fallback` stands
 * in until the code is in (the code is usually in already: it loads once after any take-over).
 * The part sits in a `display: contents` element of its own, in the server's markup and the browser's.
 */
export function AfterTakeOver<Props extends object>({ load, props, fallback = null }: AfterTakeOverProps<Props>) {
  // On the server: the part itself, once its code is in (prerender waits for it).
  const onServer = typeof window === 'undefined';
  const serverPart = onServer ? use(serverLoad(load)) : null;
  const loaded = useDeferredModule(load, !onServer);
  // True only while React takes over the server's markup (its server snapshot), kept from that first render.
  const hydrating = useSyncExternalStore(noSubscription, () => false, () => true);
  const [keepsServerMarkup] = useState(hydrating);
  const container = useRef<HTMLDivElement>(null);
  const used = useRef<Use>({ focused: false, clicked: false, typed: null });
  // The module's component (a module's, not one made here: React keeps its state across renders).
  const part = serverPart ?? loaded;

  useLayoutEffect(() => {
    const done = used.current;
    const field = container.current?.querySelector<HTMLInputElement | HTMLTextAreaElement>('input:not([type="hidden"]), textarea');
    if (!part || !field || (!done.focused && !done.clicked && done.typed === null)) return;
    used.current = { focused: false, clicked: false, typed: null };
    field.focus();
    if (done.typed !== null) {
      const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, done.typed);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (done.clicked) field.click();
  }, [part]);

  if (part) {
    return (
      <div ref={container} style={{ display: 'contents' }}>
        <part.Part {...props} />
      </div>
    );
  }
  if (!keepsServerMarkup) {
    return (
      <div ref={container} style={{ display: 'contents' }}>
        {fallback}
      </div>
    );
  }
  const note = (event: SyntheticEvent, change: Partial<Use>) => {
    if (!(event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement)) {
      if (change.clicked) used.current = { ...used.current, clicked: true };
      return;
    }
    used.current = { ...used.current, ...change };
  };
  return (
    <div
      ref={container}
      style={{ display: 'contents' }}
      dangerouslySetInnerHTML={KEEP_SERVER_MARKUP}
      suppressHydrationWarning
      onFocusCapture={(event) => note(event, { focused: true })}
      onClickCapture={(event) => note(event, { focused: true, clicked: true })}
      onInputCapture={(event) => note(event, { focused: true, typed: (event.target as HTMLInputElement).value })}
    />
  );
}
