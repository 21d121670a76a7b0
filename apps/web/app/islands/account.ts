/**
 * The top bar's account links on an islands page (ADR 021), without React until the panel is wanted:
 * - a stored login (the spec's local-storage keys, UI state only) shows Dashboard and Logout instead of
 *   Login and Register;
 * - Logout posts the logout call with the CSRF header, forgets the stored login and goes home;
 * - Login and Register open the React side panel, whose chunk loads on the first click only;
 * - a page opened with `?panel=login` (the links' own target, or a verified account's `&notice=verified`)
 *   opens the panel at once.
 */
import { apiPath, STORAGE_KEYS, XSRF_COOKIE, XSRF_HEADER } from '@taxfirm/contract';
import {
  requestedPanel,
  withoutPanelRequest,
  type PanelNotice,
  type PanelView,
} from '../features/site-chrome/account-links.ts';

/** The logout call's path (the contract's CALLS.logout; its schemas stay out of this script). */
export const LOGOUT_PATH = apiPath({ path: 'account/logout' });

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function showLoggedIn(element: HTMLElement, loggedIn: boolean) {
  for (const group of element.querySelectorAll<HTMLElement>('[data-account]')) {
    group.hidden = (group.dataset['account'] === 'in') !== loggedIn;
  }
}

/** Where the island sends the visitor after Logout (replaceable in tests: jsdom does not navigate). */
export const navigation = { goHome: (): void => window.location.assign('/') };

/** End the session on the server, then forget it here whatever the server answered, and go home. */
export async function logout(): Promise<void> {
  try {
    const token = readCookie(XSRF_COOKIE);
    await fetch(LOGOUT_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', ...(token ? { [XSRF_HEADER]: token } : {}) },
      body: '{}',
    });
  } catch {
    // Offline or refused: the stored login is forgotten all the same.
  } finally {
    window.localStorage.clear();
    navigation.goHome();
  }
}

async function openPanel(view: PanelView, notice: PanelNotice | null) {
  const { openAccountPanel } = await import('./account-panel.tsx');
  openAccountPanel(view, notice);
}

export function enhance(element: HTMLElement): void {
  showLoggedIn(element, Boolean(window.localStorage.getItem(STORAGE_KEYS.accessToken)));
  window.addEventListener('storage', () =>
    showLoggedIn(element, Boolean(window.localStorage.getItem(STORAGE_KEYS.accessToken))),
  );

  element.addEventListener('click', (event) => {
    const target = event.target as Element;
    const opener = target.closest<HTMLElement>('[data-account-open]');
    if (opener) {
      event.preventDefault();
      const view = opener.dataset['accountOpen'];
      void openPanel(view === 'register' ? 'register' : 'login', null);
      return;
    }
    if (target.closest('[data-account-logout]')) {
      event.preventDefault();
      void logout();
    }
  });

  const requested = requestedPanel(window.location.search);
  if (requested) {
    window.history.replaceState(window.history.state, '', withoutPanelRequest(new URL(window.location.href)));
    void openPanel(requested.view, requested.notice);
  }
}
