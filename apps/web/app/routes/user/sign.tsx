import { SignListPage } from '../../features/signatures/components/sign-list-page.tsx';

export function meta() {
  return [{ title: 'Sign' }, { name: 'robots', content: 'noindex' }];
}

export default function Sign() {
  return <SignListPage />;
}
