import { Box } from '@mantine/core';
import type { SiteSettings } from '@taxfirm/contract';
import { useState, type ReactNode } from 'react';
import { contactDetails } from '../contact-details.ts';
import { accountingServiceJsonLd, JsonLd } from '../structured-data.tsx';
import { AccountPanel, type AccountPanelKind } from './account-panel.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteNav } from './site-nav.tsx';
import { TopBar } from './top-bar.tsx';

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
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header>
        <TopBar contact={contact} onLogin={() => setPanel('login')} onRegister={() => setPanel('register')} />
        <SiteNav firmName={contact.firmName} />
      </header>
      <Box component="main" id="main" tabIndex={-1} mih="60vh">
        {children}
      </Box>
      <SiteFooter contact={contact} year={year} />
      <AccountPanel kind={panel} onClose={() => setPanel(null)} contact={contact} />
      <JsonLd data={accountingServiceJsonLd(settings, siteUrl)} />
    </>
  );
}
