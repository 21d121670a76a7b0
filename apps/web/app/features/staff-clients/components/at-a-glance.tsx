import { Anchor, Text } from '@mantine/core';
import {
  CLIENT_WAITING_STATUSES,
  FILED_STATUSES,
  formatMoney,
  type FileStatus,
  type StaffClient,
} from '@taxfirm/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DetailList } from '../../../components/ui/detail-list.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { paths, type ClientFileTab } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/dates.ts';

export type FileSignals = NonNullable<StaffClient['signals']>;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The file waits on the client (their information, documents, payment or signature), else on the firm. */
export const isWaitingOnClient = (status: FileStatus) => CLIENT_WAITING_STATUSES.includes(status);

/** What the firm does next on the file, in the firm's own status when nothing else is pressing. */
const OUR_STEP: Partial<Record<FileStatus, string>> = {
  'Interview Pending': 'Hold the interview with the client.',
  'Preparation Pending': 'Prepare the return.',
  'Pre-Synopsys Pending': 'Prepare the tax summary.',
  'Synopsys Pending': 'Publish the tax summary to the client.',
  'Review Pending': 'Review the return with the client.',
  'Pre E-Filing Pending': 'Get the return ready to e-file.',
  'E-Filing Pending': 'E-file the return.',
  'Paper-Filing Pending': 'Mail the paper return.',
};

/** One line: the next thing to do on the file, by whom, from its status and its signals. */
export function nextStep(status: FileStatus, signals: FileSignals, isAssigned = true): string {
  if (!isAssigned) return 'Assign the file to an analyst.';
  if (status === 'Cancel Filing') return 'Nothing to do: the filing is cancelled.';
  if (FILED_STATUSES.includes(status)) return 'Nothing left to do: the return is filed.';
  if (signals.unread_messages > 0) {
    return `Reply to the client's ${plural(signals.unread_messages, 'unread message')}.`;
  }
  const missing = signals.checklist.required - signals.checklist.accepted;
  if (isWaitingOnClient(status)) {
    if (missing > 0)
      return `The client has ${plural(missing, 'checklist item')} to send: remind them if it is late.`;
    if (signals.unsigned_documents > 0) {
      return `The client has ${plural(signals.unsigned_documents, 'document')} to sign.`;
    }
    if (signals.balance_due_cents > 0)
      return `The client has ${formatMoney(signals.balance_due_cents)} to pay.`;
    return `The client's part looks done: move the file on from ${status}.`;
  }
  return OUR_STEP[status] ?? `Move the file on from ${status}.`;
}

/**
 * The Overview's summary of the file: who it waits on, the checklist, signatures, money and messages, and
 * the next step, each linking to the tab where it is worked.
 */
export function AtAGlance({
  clientId,
  status,
  signals,
  isAssigned,
}: {
  clientId: string;
  status: FileStatus;
  signals: FileSignals;
  isAssigned: boolean;
}) {
  const toTab = (tab: ClientFileTab, text: ReactNode) => (
    <Anchor component={Link} to={paths.staff.client.getHref(clientId, tab)} underline="always">
      {text}
    </Anchor>
  );
  const { checklist } = signals;
  return (
    <SectionCard headingId="glance-heading" title="At a glance" gap="sm">
      <Text fw={700}>{isWaitingOnClient(status) ? 'Waiting on the client' : 'Waiting on us'}</Text>
      <DetailList
        layout="table"
        label="At a glance"
        labelWidth={190}
        items={[
          {
            label: 'Checklist',
            value: toTab(
              'checklist',
              checklist.required === 0
                ? 'No required items'
                : `${checklist.accepted} of ${checklist.required} required accepted`,
            ),
          },
          {
            label: 'Unsigned documents',
            value: toTab('signatures', String(signals.unsigned_documents)),
          },
          { label: 'Balance due', value: toTab('billing', formatMoney(signals.balance_due_cents)) },
          { label: 'Unread client messages', value: toTab('messages', String(signals.unread_messages)) },
          {
            label: 'Last client activity',
            value: signals.last_client_activity ? formatDateTime(signals.last_client_activity) : 'None yet',
          },
          { label: 'Next step', value: nextStep(status, signals, isAssigned) },
        ]}
      />
    </SectionCard>
  );
}
