import { Box } from '@mantine/core';
import type { SiteSettings } from '@taxfirm/contract';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { contactDetails } from '../contact-details.ts';
import { accountingServiceJsonLd, JsonLd } from '../structured-data.tsx';
import type { AccountPanelKind } from './account-panel.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteNav } from './site-nav.tsx';
import { TopBar } from './top-bar.tsx';

// The side panel (a drawer, and later the sign-in forms) loads when a visitor first opens it, not with every page.
const AccountPanel = lazy(() => import('./account-panel.tsx').then((m) => ({ default: m.AccountPanel })));

/** The chrome of every public page: top bar, navbar, main content, footer, and the account side panel. */
export function PublicShell({
  settings,
  siteUrl,
  year,
  children,
}: {
  settings: SiteSettings;
  siteUrl: string;
  year: number;
  children: ReactNode;
}) {
  const contact = contactDetails(settings);
  const [panel, setPanel] = useState<AccountPanelKind | null>(null);
  // Once opened, the panel stays mounted so that it can animate closed.
  const [panelUsed, setPanelUsed] = useState(false);
  const openPanel = (kind: AccountPanelKind) => {
    setPanelUsed(true);
    setPanel(kind);
  };
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header>
        <TopBar
          contact={contact}
          onLogin={() => openPanel('login')}
          onRegister={() => openPanel('register')}
        />
        <SiteNav firmName={contact.firmName} />
      </header>
      <Box component="main" id="main" tabIndex={-1} mih="60vh">
        {children}
      </Box>
      <SiteFooter contact={contact} year={year} />
      {panelUsed && (
        <Suspense fallback={null}>
          <AccountPanel kind={panel} onClose={() => setPanel(null)} contact={contact} />
        </Suspense>
      )}
      <JsonLd data={accountingServiceJsonLd(settings, siteUrl)} />
    </>
  );
}
