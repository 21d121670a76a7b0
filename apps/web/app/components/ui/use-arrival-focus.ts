import { useEffect, useRef } from 'react';

/**
 * The row a link into a page names (`?focus=<id>`, My work's primary action): scrolled into view and focused
 * when it first shows. Put the ref on the row's root, with `arrivedProps(focused)`.
 */
export function useArrivalFocus<T extends HTMLElement>(focused: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!focused) return;
    ref.current?.scrollIntoView?.({ block: 'center' });
    ref.current?.focus({ preventScroll: true });
  }, [focused]);
  return ref;
}

/** The named row takes the focus from a script (not from Tab) and is outlined while named. */
export function arrivedProps(focused: boolean) {
  return focused
    ? ({ tabIndex: -1, style: { outline: '2px solid var(--mantine-color-navy-8)' } } as const)
    : {};
}
