import { SignDocumentPage } from '../../features/signatures/components/sign-document-page.tsx';
import type { Route } from './+types/sign-document';

export function meta() {
  return [{ title: 'Sign a document' }, { name: 'robots', content: 'noindex' }];
}

export default function SignDocument({ params }: Route.ComponentProps) {
  return <SignDocumentPage key={params.documentId} documentId={params.documentId} />;
}
