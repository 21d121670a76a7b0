/**
 * The login / register / forgot-password side panel on an islands page (ADR 021, decision 4): the existing
 * React AccountPanel (Mantine Drawer and forms), mounted with createRoot on the first click of Login or
 * Register. This module is its own chunk: React, Mantine and the forms load only then.
 */
// Mantine's full stylesheet (the drawer, the forms): islands pages inline only what the page itself needs.
import '../styles/mantine.css';
import { MantineProvider } from '@mantine/core';
import { MESSAGES } from '@taxfirm/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { setNonce } from 'get-nonce';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AccountPanel } from '../features/accounts/components/account-panel.tsx';
import type { PanelNotice, PanelView } from '../features/site-chrome/account-links.ts';
import { styleNonce } from '../lib/nonce.tsx';
import { getQueryClient } from '../lib/query-client.ts';
import { cssVariablesResolver, theme } from '../lib/theme.ts';

const NOTICES: Record<PanelNotice, string> = { verified: MESSAGES.ACCOUNT_VERIFIED };

type Open = (view: PanelView, notice: PanelNotice | null) => void;
let openInMountedPanel: Open | null = null;

const PANEL_PATH = '/__account-panel';

function PanelHost({
  view: initialView,
  notice: initialNotice,
}: {
  view: PanelView;
  notice: PanelNotice | null;
}) {
  const [view, setView] = useState<PanelView | null>(initialView);
  const [notice, setNotice] = useState<PanelNotice | null>(initialNotice);
  useEffect(() => {
    openInMountedPanel = (next, nextNotice) => {
      setNotice(nextNotice);
      setView(next);
    };
  }, []);
  return (
    <AccountPanel
      view={view}
      onView={setView}
      onClose={() => setView(null)}
      notice={notice ? NOTICES[notice] : null}
    />
  );
}

/** Where the forms navigate after a login (the dashboard, the consents): a full document load. */
function DocumentNavigation() {
  const location = useLocation();
  useEffect(() => {
    window.location.assign(`${location.pathname}${location.search}${location.hash}`);
  }, [location]);
  return null;
}

export function openAccountPanel(view: PanelView, notice: PanelNotice | null): void {
  if (openInMountedPanel) {
    openInMountedPanel(view, notice);
    return;
  }
  const nonce = styleNonce('');
  // The scroll lock under the drawer adds a <style> element: it carries the page's nonce.
  setNonce(nonce);
  const router = createMemoryRouter(
    [
      { path: PANEL_PATH, element: <PanelHost view={view} notice={notice} /> },
      { path: '*', element: <DocumentNavigation /> },
    ],
    { initialEntries: [PANEL_PATH] },
  );
  const container = document.createElement('div');
  container.dataset['accountPanel'] = '';
  document.body.append(container);
  createRoot(container).render(
    <MantineProvider
      theme={theme}
      forceColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
      getStyleNonce={() => nonce}
    >
      <QueryClientProvider client={getQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}
