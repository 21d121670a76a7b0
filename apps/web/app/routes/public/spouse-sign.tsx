import { ContentPage } from '../../components/layouts/content-page.tsx';
import { SpouseSignPage } from '../../features/signatures/components/spouse-sign-page.tsx';
import type { Route } from './+types/spouse-sign';

export function meta() {
  return [{ title: 'Sign a document' }, { name: 'robots', content: 'noindex' }];
}

/** The spouse's e-mailed signing link: no account, the link and an e-mailed code. */
export default function SpouseSign({ params }: Route.ComponentProps) {
  return (
    <ContentPage
      title="Sign a document"
      lead="Confirm it is you with a code we e-mail you, read the document, and sign."
    >
      <SpouseSignPage token={params.token} />
    </ContentPage>
  );
}
