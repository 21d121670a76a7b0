import { Alert, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { FirmContactLinks, type FirmContactDetails } from '../../../components/ui/firm-contact-links.tsx';
import { rememberFileStatus } from '../../../lib/session.ts';
import { useTaxpayer } from '../api/get-taxpayer.ts';
import { DependentsSection } from './dependents-section.tsx';
import { EmployersSection } from './employers-section.tsx';
import { SpouseSection } from './spouse-section.tsx';
import { TaxpayerSection } from './taxpayer-section.tsx';
import { ProfileRightsContext, type ProfileRights } from './profile-rights.ts';

/** The spec's four tabs, in its order and words; the first is the default. */
const TABS = [
  { value: 'taxpayer', label: 'Tax Payer Info' },
  { value: 'spouse', label: 'Spouse Info' },
  { value: 'dependents', label: 'Dependents (If any)' },
  { value: 'employers', label: 'Employer Info' },
] as const;
type TabValue = (typeof TABS)[number]['value'];
const isTab = (value: string | null): value is TabValue => TABS.some((t) => t.value === value);

/**
 * user/profile: the four sections the firm prepares the return from. The open tab is kept in the address
 * (?tab=spouse) so a reload or a shared link opens the same one. Editing follows the filing's status as
 * the server reports it now.
 */
/** How to reach the firm, for the locked notice (the route reads it from the site settings). */
export type FirmContact = FirmContactDetails;

export function ProfilePage({
  contact,
  rights = { canReveal: true, canEdit: true },
}: {
  contact: FirmContact | null;
  /** A household member's rights (issue 38); the holder's by default. */
  rights?: ProfileRights;
}) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabValue = isTab(requested) ? requested : 'taxpayer';
  const taxpayer = useTaxpayer();
  const fileEditable = taxpayer.data?.editable ?? false;
  const editable = fileEditable && rights.canEdit;
  const status = taxpayer.data?.filestatus ?? null;

  useEffect(() => {
    if (status) rememberFileStatus(status);
  }, [status]);

  return (
    <ProfileRightsContext value={rights}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={28} c="navy.9">
            Profile Information
          </Title>
          <Text c="gray.8">
            The details we prepare your return from. Identity numbers are stored encrypted and shown masked.
          </Text>
        </div>
        {taxpayer.data && !fileEditable && <LockedNotice status={status} contact={contact} />}
        <Tabs
          value={tab}
          onChange={(value) => {
            if (isTab(value)) setParams(value === 'taxpayer' ? {} : { tab: value }, { replace: true });
          }}
          keepMounted={false}
        >
          <Tabs.List aria-label="Profile sections">
            {TABS.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="taxpayer" pt="lg">
            <TaxpayerSection query={taxpayer} editable={editable} />
          </Tabs.Panel>
          <Tabs.Panel value="spouse" pt="lg">
            <SpouseSection editable={editable} />
          </Tabs.Panel>
          <Tabs.Panel value="dependents" pt="lg">
            <DependentsSection editable={editable} />
          </Tabs.Panel>
          <Tabs.Panel value="employers" pt="lg">
            <EmployersSection editable={editable} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </ProfileRightsContext>
  );
}

/** Why the Edit buttons are gone, and how to reach the firm to change something. */
function LockedNotice({ status, contact }: { status: string | null; contact: FirmContact | null }) {
  return (
    <Alert
      color="navy"
      variant="light"
      icon={<IconLock aria-hidden />}
      title="Your profile is locked"
      // A standing notice, not an interruption: read politely.
      role="status"
    >
      <Stack gap={4}>
        <Text>
          We are preparing your return{status ? ` (file status: ${status})` : ''}, so your profile can no
          longer be changed here.
        </Text>
        <Text>
          To make a change, contact us
          {contact && <FirmContactLinks contact={contact} emailLead="at" />}.
        </Text>
      </Stack>
    </Alert>
  );
}
