import { Box } from '@mantine/core';
import { MESSAGES, type SiteSettings } from '@taxfirm/contract';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { requestedPanel, withoutPanelRequest, type PanelNotice, type PanelView } from '../account-links.ts';
import { contactDetails } from '../contact-details.ts';
import { accountingServiceJsonLd, JsonLd } from '../structured-data.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteNav } from './site-nav.tsx';
import { TopBar } from './top-bar.tsx';

export type { PanelView };

export type AccountPanelSlot = (props: {
  view: PanelView | null;
  onView: (view: PanelView) => void;
  onClose: () => void;
  notice: string | null;
}) => ReactNode;

const NOTICES: Record<PanelNotice, string> = { verified: MESSAGES.ACCOUNT_VERIFIED };

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

  // A page opened with `?panel=login` (a Login link followed before the page was ready, or a verified
  // account's hand-off with its notice code) opens the panel once the browser app runs, then drops the request
  // from the URL so that a reload does not open it again. On islands pages the account island does the same.
  // Adjusting state while rendering, not in an effect, and never during hydration.
  const hydrated = useHydrated();
  const [handledKey, setHandledKey] = useState<string | null>(null);
  const requested = hydrated ? requestedPanel(location.search) : null;
  if (requested && handledKey !== location.key) {
    setHandledKey(location.key);
    setNotice(requested.notice ? NOTICES[requested.notice] : null);
    setPanelUsed(true);
    setView(requested.view);
  }
  const navigate = useNavigate();
  useEffect(() => {
    if (handledKey === location.key && requestedPanel(location.search)) {
      void navigate(withoutPanelRequest(new URL(window.location.href)), { replace: true });
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
