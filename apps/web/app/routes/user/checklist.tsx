import { ChecklistPage } from '../../features/requests/components/checklist-page.tsx';

export function meta() {
  return [{ title: 'Checklist' }, { name: 'robots', content: 'noindex' }];
}

export default function Checklist() {
  return <ChecklistPage />;
}
