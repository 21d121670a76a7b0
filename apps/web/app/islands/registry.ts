/**
 * Every island by name (`data-island="<name>"` in the server's HTML). Each loads on demand, as its own chunk.
 * An island module exports `enhance(element)`: it adds behaviour to markup that already works without it.
 */
export type Island = { enhance: (element: HTMLElement) => void };

export const ISLANDS: Record<string, () => Promise<Island>> = {
  account: () => import('./account.ts'),
  carousel: () => import('./carousel.ts'),
  'home-popup': () => import('./home-popup.ts'),
  'public-form': () => import('./public-form.ts'),
  'site-nav': () => import('./site-nav.ts'),
  'state-refund': () => import('./state-refund.ts'),
};
