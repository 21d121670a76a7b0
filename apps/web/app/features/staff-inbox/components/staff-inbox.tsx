import { Tabs } from '@mantine/core';
import { useState } from 'react';
import { CareerApplications } from './career-applications.tsx';
import { ContactMessages } from './contact-messages.tsx';
import { PaymentsList } from './payments-list.tsx';
import { ReferralsList } from './referrals-list.tsx';

const TABS = [
  { value: 'contact', label: 'Contact messages' },
  { value: 'careers', label: 'Career applications' },
  { value: 'referrals', label: 'Referrals', adminOnly: true },
  { value: 'payments', label: 'Payments', adminOnly: true },
] as const;

type Tab = (typeof TABS)[number]['value'];

/** The inbox's lists as tabs; payments only for an admin (the server refuses anyone else). */
export function StaffInbox({ role }: { role: 'admin' | 'analyst' }) {
  const [tab, setTab] = useState<Tab>('contact');
  const tabs = TABS.filter((t) => !('adminOnly' in t) || role === 'admin');
  return (
    <Tabs
      value={tab}
      onChange={(value) => {
        const next = tabs.find((t) => t.value === value);
        if (next) setTab(next.value);
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
    </Tabs>
  );
}
