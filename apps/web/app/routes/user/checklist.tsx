import { ChecklistPage } from '../../features/requests/components/checklist-page.tsx';
import { usePaperItemIds } from '../../features/signatures/api/signatures.ts';
import { ReadyToSignCard } from '../../features/signatures/components/ready-to-sign-card.tsx';

export function meta() {
  return [{ title: 'Checklist' }, { name: 'robots', content: 'noindex' }];
}

export default function Checklist() {
  // Documents waiting on the client's signature come first; one signed on paper keeps its item open.
  const paperItemIds = usePaperItemIds();
  return <ChecklistPage top={<ReadyToSignCard />} openItemIds={paperItemIds} />;
}
