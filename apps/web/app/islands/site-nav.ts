/** The navbar's menus on an islands page (ADR 021): Escape, outside click and focus leaving close them. */
import { enhanceDisclosureMenus } from '../features/site-chrome/disclosure-menus.ts';

export function enhance(element: HTMLElement): void {
  enhanceDisclosureMenus(element);
}
