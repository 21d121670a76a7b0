import { Box } from '@mantine/core';
import type { SiteSettings } from '@taxfirm/contract';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { contactDetails } from '../contact-details.ts';
import { accountingServiceJsonLd, JsonLd } from '../structured-data.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteNav } from './site-nav.tsx';
import { TopBar } from './top-bar.tsx';

export type PanelView = 'login' | 'register' | 'forgot';

export type AccountPanelSlot = (props: {
  view: PanelView | null;
  onView: (view: PanelView) => void;
  onClose: () => void;
  notice: string | null;
}) => ReactNode;

/** Navigation state that opens the login panel with a message (e.g. after an account is verified). */
export type OpenLoginState = { openLogin: true; notice: string };

function isOpenLoginState(value: unknown): value is OpenLoginState {
  return typeof value === 'object' && value !== null && 'openLogin' in value && 'notice' in value;
}

/** The chrome of every public page: top bar, navbar, main content, footer, and the account side panel. */
export function PublicShell({
  settings,
  siteUrl,
  year,
  accountPanel,
  onLogout,
  children,
}: {
  settings: SiteSettings;
  siteUrl: string;
  year: number;
  /** The side panel, loaded when first opened. */
  accountPanel: AccountPanelSlot;
  onLogout: () => Promise<void>;
  children: ReactNode;
}) {
  const contact = contactDetails(settings);
  const location = useLocation();
  const [view, setView] = useState<PanelView | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Once opened, the panel stays mounted so that it can animate closed.
  const [panelUsed, setPanelUsed] = useState(false);
  const open = (next: PanelView) => {
    setPanelUsed(true);
    setView(next);
  };

  // A navigation that asks for the login panel opens it once (adjusting state while rendering, not in an
  // effect), never during hydration: a reload keeps history state the server never saw.
  const hydrated = useHydrated();
  const [handledKey, setHandledKey] = useState<string | null>(null);
  if (hydrated && isOpenLoginState(location.state) && handledKey !== location.key) {
    setHandledKey(location.key);
    setNotice(location.state.notice);
    setPanelUsed(true);
    setView('login');
  }
  // The request is used up: a reload or a return to this entry must not open the panel again.
  const navigate = useNavigate();
  useEffect(() => {
    if (handledKey === location.key && isOpenLoginState(location.state)) {
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
  }, [handledKey, location, navigate]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header>
        <TopBar
          contact={contact}
          onLogin={() => {
            setNotice(null);
            open('login');
          }}
          onRegister={() => open('register')}
          onLogout={onLogout}
        />
        <SiteNav firmName={contact.firmName} />
      </header>
      <Box component="main" id="main" tabIndex={-1} mih="60vh">
        {children}
      </Box>
      <SiteFooter contact={contact} year={year} />
      {panelUsed && (
        <Suspense fallback={null}>
          {accountPanel({ view, onView: open, onClose: () => setView(null), notice })}
        </Suspense>
      )}
      <JsonLd data={accountingServiceJsonLd(settings, siteUrl)} />
    </>
  );
}
