import { Text } from '@mantine/core';
import type { OffshoreConsentState, StaffConsentRecord } from '@taxfirm/contract';
import { DetailList } from '../../../components/ui/detail-list.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { US_ONLY_REASONS } from './us-only-badge.tsx';

export const OFFSHORE_ANSWER_LABELS: Record<OffshoreConsentState, string> = {
  yes: 'Yes',
  no: 'No',
  unanswered: 'Not answered yet',
  expired: 'Yes, expired',
};

/**
 * The client's consents on their file in the console: the §7216 answer in force and the terms, each with the
 * evidence recorded with it (when, from which IP address and browser).
 */
export function ConsentRecordSection({
  consents,
}: {
  consents: {
    offshore_state: OffshoreConsentState;
    offshore: StaffConsentRecord | null;
    terms: StaffConsentRecord | null;
  };
}) {
  const { offshore, terms, offshore_state: state } = consents;
  return (
    <SectionCard headingId="consents-heading" title="Consents">
      <DetailList
        layout="table"
        label="Consents"
        labelWidth={200}
        items={[
          { label: 'Disclosure to the India team (§7216)', value: OFFSHORE_ANSWER_LABELS[state] },
          { label: 'Answered', value: offshore && formatDateTime(offshore.at) },
          { label: 'Signed as', value: offshore?.signature },
          { label: 'Version', value: offshore?.version },
          { label: 'Expires', value: offshore?.expires_at && formatDate(offshore.expires_at) },
          { label: 'Answered from IP address', value: offshore?.ip },
          { label: 'Answered in browser', value: offshore?.user_agent },
          {
            label: 'Terms accepted',
            value: terms ? `${formatDateTime(terms.at)} (${terms.version})` : 'Not recorded',
          },
          { label: 'Terms accepted from IP address', value: terms?.ip },
          { label: 'Terms accepted in browser', value: terms?.user_agent },
        ]}
      />
      {state !== 'yes' && (
        <Text size="sm" mt="sm">
          US-only: {US_ONLY_REASONS[state]} Offshore staff cannot open this file.
        </Text>
      )}
    </SectionCard>
  );
}
