/**
 * The islands entry: the only script a public content page loads (ADR 021). The page is server-rendered HTML
 * that works without JavaScript; each element marked `data-island="<name>"` is enhanced by a small module,
 * fetched only when such an element is on the page.
 */
import { ISLANDS } from './registry.ts';

export function startIslands(root: ParentNode = document): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset['island'] ?? '';
    const load = Object.hasOwn(ISLANDS, name) ? ISLANDS[name] : undefined;
    if (!load) continue;
    void load().then((island) => island.enhance(element));
  }
}

startIslands();
