import { MantineProvider } from '@mantine/core';
import { CALLS, apiPath, STORAGE_KEYS } from '@taxfirm/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contactDetails } from '../features/site-chrome/contact-details.ts';
import { TopBar } from '../features/site-chrome/components/top-bar.tsx';
import { testSiteSettings } from '../lib/site-settings.fixture.ts';
import { enhance, LOGOUT_PATH, navigation } from './account.ts';

const openAccountPanel = vi.hoisted(() => vi.fn());
vi.mock('./account-panel.tsx', () => ({ openAccountPanel }));

/** The top bar as the server sends it (logged out), enhanced by the island as in the browser. */
function serveAndEnhance() {
  const noop = () => undefined;
  document.body.innerHTML = renderToStaticMarkup(
    createElement(
      MantineProvider,
      null,
      createElement(TopBar, {
        contact: contactDetails(testSiteSettings()),
        onLogin: noop,
        onRegister: noop,
        onLogout: async () => undefined,
      }),
    ),
  );
  const topBar = screen.getByTestId('top-bar');
  enhance(topBar);
  return topBar;
}

beforeEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
  openAccountPanel.mockReset();
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('account island', () => {
  it('posts to the contract’s logout path', () => {
    expect(LOGOUT_PATH).toBe(apiPath(CALLS.logout));
  });

  it('leaves Login and Register for a visitor without a stored login', () => {
    serveAndEnhance();
    expect(screen.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Register' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('shows Dashboard and Logout for a stored login, and Logout posts the call with the CSRF header, forgets the login and goes home', async () => {
    window.localStorage.setItem(STORAGE_KEYS.accessToken, 'user-1');
    window.localStorage.setItem(STORAGE_KEYS.userName, 'Asha');
    document.cookie = 'XSRF-TOKEN=csrf%2Btoken';
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const goHome = vi.spyOn(navigation, 'goHome').mockImplementation(() => undefined);
    serveAndEnhance();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/user/dashboard');
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(goHome).toHaveBeenCalledOnce());
    expect(fetch).toHaveBeenCalledExactlyOnceWith('/api/account/logout', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'X-XSRF-TOKEN': 'csrf+token' },
      body: '{}',
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('forgets the stored login even when the logout call fails', async () => {
    window.localStorage.setItem(STORAGE_KEYS.accessToken, 'user-1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const goHome = vi.spyOn(navigation, 'goHome').mockImplementation(() => undefined);
    serveAndEnhance();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(goHome).toHaveBeenCalledOnce());
    expect(window.localStorage.length).toBe(0);
  });

  it('opens the React panel on Login and on Register instead of following the link', async () => {
    serveAndEnhance();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(openAccountPanel).toHaveBeenCalledWith('login', null));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(openAccountPanel).toHaveBeenCalledWith('register', null));
    expect(window.location.search).toBe('');
  });

  it('opens the login panel with the verified notice that the URL names, then drops the request from the URL', async () => {
    window.history.replaceState(null, '', '/?panel=login&notice=verified');
    serveAndEnhance();
    await waitFor(() => expect(openAccountPanel).toHaveBeenCalledExactlyOnceWith('login', 'verified'));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/');
  });

  it('ignores a notice that is not a known code', async () => {
    window.history.replaceState(null, '', '/?panel=login&notice=%3Cb%3Ehi');
    serveAndEnhance();
    await waitFor(() => expect(openAccountPanel).toHaveBeenCalledExactlyOnceWith('login', null));
  });
});
