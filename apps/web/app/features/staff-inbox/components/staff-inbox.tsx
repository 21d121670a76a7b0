import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CareerApplications } from './career-applications.tsx';
import { ContactMessages } from './contact-messages.tsx';
import { PaymentsList } from './payments-list.tsx';
import { ReferralsList } from './referrals-list.tsx';

const TABS = [
  { value: 'contact', label: 'Contact messages' },
  { value: 'careers', label: 'Career applications' },
  { value: 'referrals', label: 'Referrals', adminOnly: true },
  { value: 'payments', label: 'Payments', adminOnly: true },
  { value: 'invoices', label: 'Invoices', adminOnly: true },
] as const;

type Tab = (typeof TABS)[number]['value'];

/**
 * The inbox's lists as tabs; payments and invoices only for an admin (the server refuses anyone else). The
 * Invoices tab's list comes from the route (features do not import each other). The open tab is in the address
 * (`?tab=payments`) beside its list's own state, so a reload or a shared link opens the same list.
 */
export function StaffInbox({ role, invoices }: { role: 'admin' | 'analyst'; invoices?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter(
    (t) => (!('adminOnly' in t) || role === 'admin') && (t.value !== 'invoices' || invoices),
  );
  const tab: Tab = tabs.find((t) => t.value === params.get('tab'))?.value ?? 'contact';
  return (
    <Tabs
      value={tab}
      onChange={(value) => {
        const next = tabs.find((t) => t.value === value);
        if (!next) return;
        // Another tab is another list: only the tab stays, the list opens afresh.
        setParams(next.value === 'contact' ? {} : { tab: next.value }, {
          replace: true,
          preventScrollReset: true,
        });
      }}
      keepMounted={false}
    >
      <Tabs.List aria-label="Inbox lists">
        {tabs.map((t) => (
          <Tabs.Tab key={t.value} value={t.value}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="contact" pt="lg">
        <ContactMessages />
      </Tabs.Panel>
      <Tabs.Panel value="careers" pt="lg">
        <CareerApplications />
      </Tabs.Panel>
      <Tabs.Panel value="referrals" pt="lg">
        <ReferralsList />
      </Tabs.Panel>
      {role === 'admin' && (
        <Tabs.Panel value="payments" pt="lg">
          <PaymentsList />
        </Tabs.Panel>
      )}
      {role === 'admin' && invoices && (
        <Tabs.Panel value="invoices" pt="lg">
          {invoices}
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
