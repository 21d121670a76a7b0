import type { Column } from '../../components/ui/data-table.tsx';
import { formatDateTime } from '../../lib/dates.ts';

type Sender = { received_at: string; name: string; email: string; phone: string; message: string };

/** The first columns of a message from the public site (contact form, careers): when, who, and what. */
export function senderColumns<R extends Sender>(): Column<R, 'received' | 'name' | 'email'>[] {
  return [
    { label: 'Received', sort: 'received', render: (r) => formatDateTime(r.received_at), nowrap: true },
    { label: 'Name', sort: 'name', render: (r) => r.name },
    { label: 'E-mail', sort: 'email', render: (r) => r.email },
    { label: 'Phone', render: (r) => r.phone, nowrap: true },
    { label: 'Message', render: (r) => r.message },
  ];
}
