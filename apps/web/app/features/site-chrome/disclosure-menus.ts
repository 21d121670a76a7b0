/**
 * The chrome's menus are `<details>/<summary>` disclosures: they open and close without JavaScript. This adds
 * what a visitor expects of a menu: Escape closes the open one and returns focus to its summary; a click or a
 * tap outside it, or focus leaving it, closes it; opening one closes the others. Plain DOM code, so the React
 * chrome (useEffect) and the islands (site-nav island) run the very same behaviour on the same markup.
 */
export function enhanceDisclosureMenus(root: HTMLElement): () => void {
  const menus = () => [...root.querySelectorAll<HTMLDetailsElement>('details[data-menu]')];
  const close = (menu: HTMLDetailsElement, refocus: boolean) => {
    if (!menu.open) return;
    menu.open = false;
    if (refocus) menu.querySelector<HTMLElement>('summary')?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    const menu = menus().find((m) => m.open && m.contains(event.target as Node));
    if (!menu) return;
    event.preventDefault();
    close(menu, true);
  };
  const onPointerDown = (event: Event) => {
    for (const menu of menus()) if (!menu.contains(event.target as Node)) close(menu, false);
  };
  const onFocusOut = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (!next) return;
    for (const menu of menus())
      if (menu.contains(event.target as Node) && !menu.contains(next)) close(menu, false);
  };
  const onToggle = (event: Event) => {
    const opened = event.target as HTMLDetailsElement;
    if (!opened.open) return;
    for (const menu of menus()) if (menu !== opened) close(menu, false);
  };

  root.addEventListener('keydown', onKeyDown);
  root.addEventListener('focusout', onFocusOut);
  // toggle does not bubble: listen in the capture phase.
  root.addEventListener('toggle', onToggle, true);
  document.addEventListener('pointerdown', onPointerDown);
  return () => {
    root.removeEventListener('keydown', onKeyDown);
    root.removeEventListener('focusout', onFocusOut);
    root.removeEventListener('toggle', onToggle, true);
    document.removeEventListener('pointerdown', onPointerDown);
  };
}

/** Close every open menu under root (after a client-side navigation on a React page). */
export function closeDisclosureMenus(root: HTMLElement): void {
  for (const menu of root.querySelectorAll<HTMLDetailsElement>('details[data-menu]')) menu.open = false;
}
